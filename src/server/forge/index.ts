// forge: forge apps and component template distributions (docs/forge.md). bundle.ts reads and judges
// an uploaded zip; storage.ts keeps a release's files with the media storage's local driver;
// releases.ts stores releases (an app's or a component's) and lists their files; apps.ts the forge
// app as an entity, deploy and roll back; serve.ts signs bundle URLs and serves the files sandboxed
// (their own CSP, no cookies read) at the site root, with the editor's unsaved previews; routes.ts the
// calls and the workspace list. Order (docs/server.md): after apps.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
