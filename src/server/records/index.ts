// records: the records of each component (docs/records.md, docs/lists.md): create, read, update and
// delete (routes.ts, records.ts), the list with its totals and caches, export and bulk actions
// (routes-list.ts, list.ts, list-totals.ts, export.ts, bulk.ts), import (routes-import.ts,
// import.ts; the file's rows import-source.ts, its columns and cells import-map.ts), the compiled
// view and SQL other capabilities read through (view.ts, sql.ts, list-sql.ts), and the partitions
// and indexes a deploy builds (partitions-sql.ts, indexes.ts, field-indexes-sql.ts).
// Order (docs/server.md): after integrations, below everything that reacts to record writes.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
