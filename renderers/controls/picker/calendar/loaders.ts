// What the pickers load from other records of the same component, through the list API
// (docs/lists.md; spec section 7 "Disabled dates for a date range", "Unavailable times for date-time").
// `pickerLoaders.list` is the one network call; tests replace it.
import { listApi, type ListParams, type RecordPage } from '../../../../runtime/client/records';
import { parseDateTime, formatDateTime, parseDateRange, takenDays } from '../../../../runtime/validation/dates';

export const pickerLoaders = {
  list: (ref: string, params: ListParams, signal?: AbortSignal): Promise<RecordPage> => listApi.list(ref, params, signal),
};

/** Every matching record (the list API's limit -1), but the one being edited. */
async function others(ref: string, params: Omit<ListParams, 'offset' | 'limit'>, self: string | null, signal?: AbortSignal) {
  const page = await pickerLoaders.list(ref, { offset: 0, limit: -1, ...params }, signal);
  return page.items.filter((item) => item.uuid !== self);
}

/** The minutes ('YYYY-MM-DDTHH:mm') other records hold on a day: dateFrom = dateTo = the day, dateField = the field. */
export async function loadTakenMinutes(ref: string, key: string, day: string, self: string | null, signal?: AbortSignal): Promise<Set<string>> {
  const items = await others(ref, { dateFrom: day, dateTo: day, dateField: key }, self, signal);
  const taken = new Set<string>();
  for (const item of items) {
    const parts = parseDateTime((item as Record<string, unknown>)[key]);
    if (parts) taken.add(formatDateTime(parts));
  }
  return taken;
}

/**
 * The days other records' ranges take, for a shown month starting `monthStart` ('YYYY-MM-DD'): the
 * spec's call, `$adv {"key.endDate": {"$gte": monthStart}}` (docs/lists.md: a daterange field's
 * `startDate` and `endDate` compare as text). endDate, not startDate: a range that began in an
 * earlier month but runs into this one still takes days here, and only a range that ends before the
 * month starts takes none; `startDate >= monthStart` would miss the former. A range starting after
 * the month is still answered (the list API has no "month end" here); its days are simply not shown.
 * The browser keeps only what the server cannot: dropping the record being edited and values that
 * are not a well-formed range.
 */
export async function loadTakenDays(ref: string, key: string, monthStart: string, self: string | null, signal?: AbortSignal): Promise<Set<string>> {
  const items = await others(ref, { $adv: JSON.stringify({ [`${key}.endDate`]: { $gte: monthStart } }) }, self, signal);
  const ranges = items.map((item) => parseDateRange((item as Record<string, unknown>)[key])).filter((range) => range !== null);
  return takenDays(ranges);
}
