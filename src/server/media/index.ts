// media: libraries, files, directories, uploads, downloads and share links (docs/media.md): the media
// host's routes (routes-libraries.ts, routes-files.ts, routes-upload.ts, routes-tus.ts), the file
// URL at the site root (routes-serve.ts), their rules (libraries.ts, files.ts, share.ts, access.ts)
// and the storage drivers (storage/: one Driver per provider). Order (docs/server.md): after events.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
