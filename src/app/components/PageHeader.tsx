// A screen's heading row: the title, and its actions (the primary one last) beside it.
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header page-header-row">
      <h1>{title}</h1>
      {children ? <div className="iam-header-actions">{children}</div> : null}
    </header>
  );
}
