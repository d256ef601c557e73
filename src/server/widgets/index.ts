// widgets: widgets and where they are placed (docs/widgets.md): the calls (routes.ts), the rules of a
// widget and its data through the record list's own code path (widgets.ts), the places (places.ts)
// and the SQL (sql.ts). Order (docs/server.md): after workflows; it reads records through records/list.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
