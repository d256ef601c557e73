// scout: what happened, for admins (docs/scout-events.md): the API call log written for every host
// (api-log.ts installApiLog, redacted by api-log-redact.ts), its calls (routes.ts) and the event log's
// settings (event-settings.ts). Order (docs/server.md): after records.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
