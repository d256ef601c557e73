// auth: who is calling (docs/iam.md). Sign-in, registration, password reset and two-factor
// (routes.ts, routes-user.ts: /v1/auth and the caller's own /v1/user account), sessions (sessions.ts),
// and the session hook every host installs (session-hook.ts: installSessionRequirement, authenticate,
// accountabilityOf), which finds the caller in one round trip (caller-sql.ts, caller-cache.ts) with the
// component its route names (route-component.ts) and builds its Accountability (tenancy.ts).
// Order (docs/server.md): after platform and db.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
