// Shared bits of the /admin/scout/api screens: the time in the user's zone and the status badge.
import { useQuery } from '@tanstack/react-query';
import { userModelQueryOptions } from '../../../../renderers/data/queries';

export function useUserTimeZone(): string | undefined {
  const zone = useQuery(userModelQueryOptions()).data?.settings?.timezone;
  return typeof zone === 'string' && zone ? zone : undefined;
}

export function formatTime(value: string, locale: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(value));
  } catch {
    return new Date(value).toLocaleString(locale);
  }
}

export function StatusBadge({ status }: { status: number }) {
  const tone = status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';
  return (
    <span className={`badge badge-${tone}`} data-testid="api-call-status">
      {status}
    </span>
  );
}
