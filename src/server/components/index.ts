// components: data models and their versions (docs/components.md): the component calls (routes.ts),
// the API shapes and lookups of a {ref} with its permission checks (model.ts), settings and their
// rules (settings.ts, rules.ts), versions and deploys (versions.ts), the SQL (sql.ts), request bodies
// (input.ts) and the permissions components offer to roles (permissions.ts).
// Order (docs/server.md): after projects.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
