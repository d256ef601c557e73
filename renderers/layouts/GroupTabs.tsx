// Fields in tabs by group (spec section 2 "Record edit screen"), plus extra tabs (System info).
// Every panel stays mounted (hidden when not selected): a field keeps its state across tab switches.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export function GroupTabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const selected = tabs.some((t) => t.id === active) ? active : (tabs[0]?.id ?? '');
  if (tabs.length === 1 && tabs[0]) return <div className="record-panel">{tabs[0].content}</div>;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length]
      : event.key === 'Home' ? tabs[0]
      : event.key === 'End' ? tabs[tabs.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    setActive(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => void (el ? refs.current.set(tab.id, el) : refs.current.delete(tab.id))}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            data-testid={`record-tab-${tab.id}`}
            className={`tab${tab.id === selected ? ' is-selected' : ''}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          className="tab-panel record-panel"
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
        >
          {tab.content}
        </div>
      ))}
    </>
  );
}
