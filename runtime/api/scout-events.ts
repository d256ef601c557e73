// Scout's event log (issue 17 section 6, docs/scout-events.md): the per-project settings (which kinds
// of event the log keeps, for how many days), the filtered list and one event. The list and the
// event answer EventItem (runtime/api/events.ts), filtered for the caller as on the socket.
import { anyObjectSchema, arrayOf, closed, stringSchema } from './schemas';

export const EVENT_SETTINGS_PATH = '/v1/system/events/settings';
export const EVENT_ONE_PATH = '/v1/system/events/:uuid';

/** The kinds of event (from the topic: docs/event-bus.md's table). */
export const EVENT_KINDS = ['record', 'bulk', 'deploy', 'workflow', 'custom'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_SETTINGS_LIMITS = { minDays: 1, maxDays: 3650 } as const;

export const SCOUT_EVENT_MESSAGE = {
  invalidKinds: 'scoutEventsInvalidKinds',
  invalidDays: 'scoutEventsInvalidDays',
  invalidFilter: 'scoutEventsInvalidFilter',
} as const;

export interface EventSettings {
  kinds: EventKind[];
  retention_days: number;
}

/**
 * The kind of an event by its topic ('{area}.{action}.{env}') and whether it names one record:
 * workflow.* is workflow; deploy; import, job, enable, disable and a delete of many are bulk;
 * create, update and a record's delete are record; anything else (custom.*, a script's own name) custom.
 */
export function eventKind(topic: string, recordUuid: string | null): EventKind {
  const parts = topic.split('.');
  const action = parts.length >= 3 ? parts[parts.length - 2]! : '';
  if (parts[0] === 'workflow') return 'workflow';
  if (action === 'deploy') return 'deploy';
  if (['import', 'job', 'enable', 'disable'].includes(action)) return 'bulk';
  if (['create', 'update', 'delete'].includes(action)) return recordUuid ? 'record' : 'bulk';
  return 'custom';
}

export const eventSettingsSchema = closed(
  { kinds: arrayOf({ type: 'string', enum: [...EVENT_KINDS] }), retention_days: { type: 'integer' } },
  ['kinds', 'retention_days'],
);

/** The values are judged by the service (417 with message keys); the keys are the schema's. */
export const eventSettingsBody = {
  type: 'object',
  properties: { kinds: { description: `the kinds kept: some of ${EVENT_KINDS.join(', ')}` }, retention_days: { description: 'days an event is kept' } },
  additionalProperties: false,
} as const;

export const eventUuidParams = { type: 'object', properties: { uuid: stringSchema }, required: ['uuid'] } as const;
