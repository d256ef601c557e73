// Tabs in plain React, the WAI-ARIA tabs pattern with automatic activation (what react-aria's Tabs
// gave the record form): a tablist of tabs, one tab stop (the selected tab, roving tabindex), the
// arrow keys move to and select the previous or next tab (wrapping), Home and End the first and the
// last; each tab names its panel (aria-controls) and each panel its tab (aria-labelledby). Every
// panel stays mounted, the others hidden, so a field keeps its state across tab switches. The record
// edit page loads no react-aria for it (docs/benchmarks.md "The edit page (fifth pass)").
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  testId?: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** The tablist's accessible name. */
  label: string;
  className?: string;
  panelClassName?: string;
}

const KEY_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function Tabs({ tabs, label, className, panelClassName }: TabsProps) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.some((tab) => tab.id === selected) ? selected : (tabs[0]?.id ?? '');
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(Math.max(0, tabs.findIndex((tab) => tab.id === current)), tabs.length);
    const tab = tabs[next];
    if (!tab) return;
    setSelected(tab.id);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="tabs" onKeyDown={onKey}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              className={`tab${isSelected ? ' is-selected' : ''}`}
              data-testid={tab.testId}
              onClick={() => setSelected(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${index}`} aria-labelledby={`${base}-tab-${index}`} hidden={tab.id !== current} className={panelClassName}>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
