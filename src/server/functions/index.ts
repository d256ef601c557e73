// functions: component and global functions (docs/user-code.md "Functions"): their calls (routes.ts),
// component functions (component.ts), global functions and their public, signed calls (global.ts,
// global-run.ts, global-sql.ts) and the run both share (run.ts). Order (docs/server.md): after usercode.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
