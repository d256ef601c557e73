// platform: what every capability stands on: configuration (config.ts), the clock (clock.ts), the
// process log and redaction (log.ts, redact.ts), errors and their one reply shape (errors.ts,
// errors-handler.ts), the declared API contract (contract.ts: typed, specFor, isApiPath), the context
// every capability's routes get (context.ts ServerContext), the bus (bus.ts), jobs (jobs.ts), mail
// (mail.ts), secrets at rest (secret-box.ts, secrets-at-rest.ts, secrets-rotate.ts), the HTTP defences
// (security.ts, upgrades.ts), input helpers (validate.ts, multipart.ts), plugins' field types
// (plugins.ts, from plugin-types.ts, the list scripts/build-server.mjs writes) and the project's root
// directory, from src/ or the compiled dist/server/ alike (root.ts).
// With db/, the foundation of docs/server.md: it imports db/ and nothing else of the server.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
