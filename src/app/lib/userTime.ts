// Times as the user reads them: in the profile's time zone (the browser's when it has none), in the
// user's locale. Scout's event and API call logs show their rows' times with these.
import { useQuery } from '@tanstack/react-query';
import { userModelQueryOptions } from '../../../renderers/data/queries';

/** The signed-in user's time zone from the profile, or undefined for the browser's. */
export function useUserTimeZone(): string | undefined {
  const zone = useQuery(userModelQueryOptions()).data?.settings?.timezone;
  return typeof zone === 'string' && zone ? zone : undefined;
}

/** A time in `timeZone` (the browser's when undefined); `dateStyle` 'short' for dense tables. */
export function formatTime(value: string, locale: string, timeZone: string | undefined, dateStyle: 'short' | 'medium' = 'medium'): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle, timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(value));
  } catch {
    return new Date(value).toLocaleString(locale);
  }
}
