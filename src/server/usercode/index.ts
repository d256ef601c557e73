// usercode: running user code (docs/user-code.md): the QuickJS sandbox on worker threads
// (sandbox.ts, sandbox.worker.ts), the host capabilities lent to a run (host.ts), its env and
// secrets (env.ts, variables.ts, routes-variables.ts), the per-project call rate (rate.ts), actions
// and component routes (actions.ts, component-routes.ts, routes.ts) and the SDK types
// (sdk-types.ts). Order (docs/server.md): after documents.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
