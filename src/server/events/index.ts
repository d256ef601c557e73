// events: the event bus of spec section 4 (docs/event-bus.md): record and system events written to the
// outbox and published (outbox.ts), the WebSocket of the bus host (routes-socket.ts, hub.ts,
// sockets.ts, token.ts), what a caller may see of an event (view.ts), the log and token calls
// (routes.ts, log.ts), custom events from user code (script.ts) and platform happenings logged
// (platform.ts). Order (docs/server.md): after scout.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
