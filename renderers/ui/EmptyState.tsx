import type { ReactNode } from 'react';
import { Inbox } from './icons';

/** `icon`: an icon of renderers/ui/icons (drawn large and muted, hidden from screen readers). */
export function EmptyState({ title, hint, icon = <Inbox />, testId, action }: { title: ReactNode; hint?: ReactNode; icon?: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-icon" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-title">{title}</p>
      {hint ? <p className="muted">{hint}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}
