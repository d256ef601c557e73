// The actions of the platform's own events ('{area}.{action}.{env}'): a custom event (events.publish)
// may not take one, and an event of a component whose action is none of them is a custom one
// (events-view.ts cuts its payload by field visibility).
export const PLATFORM_EVENT_NAMES: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'disable', 'enable', 'import', 'job', 'deploy', 'notification', 'run']);
