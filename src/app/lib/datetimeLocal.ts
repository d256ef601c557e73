// The value a datetime-local input takes and gives: local time to the minute, 'YYYY-MM-DDTHH:mm'.
const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local input for a Date (local time, minutes); '' for an invalid date. */
export function toLocalInput(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
