// apps: platform apps (docs/apps.md): the app calls and the gateway's app lists (routes.ts), the
// app as an entity with its workspaces and onboarding (apps.ts), versions and deploys (versions.ts),
// the definition's checks with its text blocks' HTML sanitised (definition.ts) and the SQL (sql.ts).
// Order (docs/server.md): after widgets.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
