import type { ReactNode } from 'react';

export function EmptyState({ title, hint, icon = '∅', testId }: { title: ReactNode; hint?: ReactNode; icon?: string; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-icon" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-title">{title}</p>
      {hint ? <p className="muted">{hint}</p> : null}
    </div>
  );
}
