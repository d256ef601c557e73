// thunder: thunder data sets (docs/thunder.md), named and materialised results of a component's
// filter and $aggregate or of a ratchet connection's SQL: the calls (routes.ts), defining and checking
// a set (define.ts), its builds, the schedule's tick and the constant-time read (build.ts), what
// record writes queue (hooks.ts) and the SQL (sql.ts). Widgets read a set through build.ts readSetData.
// Order (docs/server.md): after ratchet, before widgets; it uses platform, db, auth, iam, components,
// records, workflows (accountabilityFor) and ratchet.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
