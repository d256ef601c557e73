// The record's uuid column: 8 characters on one line, the whole id in the title and a copy button (the
// list's uuid column is virtual, so the table renders this cell itself). Record uuids are time-ordered
// (version 7): their first 8 characters are the same for every record of weeks, so the short form is
// the last 8 (random) ones.
import { Copy } from '../ui/icons';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { showToast, TOAST_MS } from '../ui/toast';

export const shortId = (id: string): string => (id.length > 8 ? `…${id.slice(-8)}` : id);

/** `wrap` puts the short id in something (the list's link to the record); the copy button stays outside. */
export function UuidCell({ value, wrap }: { value: unknown; wrap?: (id: ReactNode) => ReactNode }) {
  const intl = useIntl();
  if (typeof value !== 'string' || value === '') return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      showToast('unexpectedError', 'danger');
    }
  };
  return (
    <span className="cell-uuid">
      {(wrap ?? ((id: ReactNode) => id))(<code title={value}>{shortId(value)}</code>)}
      <button
        type="button"
        className="icon-button cell-copy"
        data-testid="copy-uuid"
        aria-label={intl.formatMessage({ id: 'records.list.copyId' }, { uuid: value })}
        title={intl.formatMessage({ id: 'common.copy' })}
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" />
      </button>
    </span>
  );
}
