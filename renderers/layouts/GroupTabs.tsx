// Fields in tabs by group (spec section 2 "Record edit screen"), plus extra tabs (System info), on the
// light Tabs of renderers/ui (arrow keys, Home and End, roving focus and the tab roles).
// Every panel stays mounted (hidden when not selected): a field keeps its state across tab switches.
import type { ReactNode } from 'react';
import { Tabs } from '../ui/Tabs';

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export function GroupTabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  if (tabs.length === 1 && tabs[0]) return <div className="record-panel">{tabs[0].content}</div>;
  return <Tabs className="record-tabs" panelClassName="tab-panel record-panel" label={label} tabs={tabs.map((tab) => ({ ...tab, testId: `record-tab-${tab.id}` }))} />;
}
