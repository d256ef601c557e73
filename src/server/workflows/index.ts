// workflows: workflows and their runs (docs/workflows.md): the workflow host's routes (routes.ts),
// workflows and their versions (entities.ts), the run log (runs.ts), the engine (engine.ts) and its
// node actions (actions/: one per folder), the dry run (dry-run.ts), what record writes start
// (record-events.ts), Recycle timers (recycle.ts) and the budgets of chained runs (budget.ts, depth.ts).
// Order (docs/server.md): after sparks.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
