// A screen's heading row: the title, and its actions (the primary one last) beside it; and the quiet
// link back to a list that such a row often holds.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppLink } from './AppLink';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header page-header-row">
      <h1>{title}</h1>
      {children ? <div className="iam-header-actions">{children}</div> : null}
    </header>
  );
}

/** A quiet link back to a list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <AppLink className="button button-ghost" href={href}>
      <FormattedMessage id={label} />
    </AppLink>
  );
}
