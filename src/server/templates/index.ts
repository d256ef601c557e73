// templates: workspace templates (docs/templates.md): the catalogue of templates/ (catalogue.ts),
// install and uninstall as snapshot applies with a ledger (install.ts), their calls (routes.ts) and
// SQL (sql.ts). Order (docs/server.md): after snapshots, before hosts.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
