// public-apps: public apps and portals (docs/public-apps.md). A public app is an app of kind 'public'
// (apps/: its versions, definitions and deploys) with hostnames, the API user it runs as and a portal
// flag: the admin calls and the gateway's public-app lists (routes.ts, public-apps.ts, gateway.ts),
// the hostnames' rules (hostnames.ts), the SQL (sql.ts); serving it by the request's Host without a
// session (serve.ts: the host hook and the page), what the page draws and the fields it may use
// (site.ts), its records through the API user (records.ts), a portal's visitors and their sessions' clean-up (portal.ts), and the
// served app's calls (routes-public.ts).
// Order (docs/server.md): after apps.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
