// Scout's event log calls (runtime/api/scout-events.ts, docs/scout-events.md): the list with its
// filters, one event, and the per-project settings.
import { EVENTS_LIST_PATH, type EventItem, type EventsPage } from '../api/events';
import { EVENT_SETTINGS_PATH, type EventSettings } from '../api/scout-events';
import { mainClient } from './clients';

export type { EventItem, EventsPage, EventSettings };

export interface EventListQuery {
  limit?: number;
  before?: string;
  sort?: 'created_at' | '-created_at';
  topic?: string;
  kind?: string;
  actor?: string;
  from?: string;
  to?: string;
}

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const scoutEventsApi = {
  list: (params: EventListQuery, signal?: AbortSignal) => mainClient.get<EventsPage>(`${EVENTS_LIST_PATH}${query(params)}`, { signal }),
  one: (uuid: string, signal?: AbortSignal) => mainClient.get<EventItem>(`/v1/system/events/${encodeURIComponent(uuid)}`, { signal }),
  settings: (signal?: AbortSignal) => mainClient.get<EventSettings>(EVENT_SETTINGS_PATH, { signal }),
  saveSettings: (body: EventSettings) => mainClient.put<EventSettings>(EVENT_SETTINGS_PATH, body),
};
