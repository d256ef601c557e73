// The event bus (docs/event-bus.md): the server's message keys of the event log calls and the
// connection states the header will show.
export const eventsEn_US = {
  eventsInvalidTime: 'Give the time as an ISO 8601 date-time or milliseconds since 1970.',
  eventsInvalidPage: 'This page of the event log cannot be shown: check the page size (1 to 200) and the cursor.',
  'events.connected': 'Live',
  'events.connecting': 'Connecting…',
  'events.reconnecting': 'Connection lost; reconnecting in 5 seconds.',
  'events.unauthorized': 'Live updates stopped: sign in again.',
  'events.failed': 'Live updates are unavailable.',
  'events.slow': 'Live updates stopped because this tab fell behind; reconnecting.',
} as const;

export type EventsMessageKey = keyof typeof eventsEn_US;
