// documents: documents with variants and comments under the integration host (docs/documents.md):
// their routes (routes.ts), reads and writes (documents.ts, list.ts, comments.ts) and who may
// use them (access.ts). Order (docs/server.md): after media.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
