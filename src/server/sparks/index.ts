// sparks: the spark host (docs/user-code.md "Sparks"): its routes (routes.ts), sparks with their
// releases and deployments (sparks.ts) and invocation with its log (invoke.ts invokeSpark, also
// called by workflows). Order (docs/server.md): after functions.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
