// hosts: the spec's hosts (section 7), each only assembling: its prefix (app.ts registers it), its
// session hook and which capability routes it mounts: main/ (/api), workflow/, media/, integration/,
// transaction/, spark/ and bus/ (the event-bus socket). context.ts is what every host is given
// (HostContext, routesContext); spa.ts serves the built app at /. Order (docs/server.md): after
// every capability, before the top-level assembly (app.ts, main.ts, instance.ts, housekeeping.ts).
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
