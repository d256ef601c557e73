// Paging under an admin list, inside its card: numbered pages (previous, "page n of m", next), or a
// keyset cursor (back to the first page, the next one). Labels are the list's own message ids.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

function PagerNav({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <nav className="row admin-pager" aria-label={intl.formatMessage({ id: 'records.list.pagination' })}>
      {children}
    </nav>
  );
}

export interface PagerButton {
  /** Message id. */
  label: string;
  disabled: boolean;
  onPress: () => void;
  testId?: string;
}

function Step({ label, disabled, onPress, testId }: PagerButton) {
  return (
    <button type="button" className="button button-small" data-testid={testId} disabled={disabled} onClick={onPress}>
      <FormattedMessage id={label} />
    </button>
  );
}

export interface PageNumbersProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Message ids: the two buttons, and "Page {page} of {pages}". */
  labels: { prev: string; next: string; pageOf: string };
}

export function PageNumbers({ page, pages, onPage, labels }: PageNumbersProps) {
  return (
    <PagerNav>
      <Step label={labels.prev} disabled={page <= 1} onPress={() => onPage(page - 1)} />
      <span className="muted" aria-current="page">
        <FormattedMessage id={labels.pageOf} values={{ page, pages }} />
      </span>
      <Step label={labels.next} disabled={page >= pages} onPress={() => onPage(page + 1)} />
    </PagerNav>
  );
}

/** A keyset cursor knows no page count: back to the first page, or on to the next. */
export function CursorPager({ first, next }: { first: PagerButton; next: PagerButton }) {
  return (
    <PagerNav>
      <Step {...first} />
      <Step {...next} />
    </PagerNav>
  );
}
