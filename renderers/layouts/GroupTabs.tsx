// Fields in tabs by group (spec section 2 "Record edit screen"), plus extra tabs (System info), on
// react-aria-components Tabs (arrow keys, Home and End, focus and the tab roles come with it).
// Every panel stays mounted (hidden when not selected): a field keeps its state across tab switches.
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export function GroupTabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  if (tabs.length === 1 && tabs[0]) return <div className="record-panel">{tabs[0].content}</div>;
  return (
    <Tabs className="record-tabs">
      <TabList className="tabs" aria-label={label}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} data-testid={`record-tab-${tab.id}`} className={({ isSelected }) => `tab${isSelected ? ' is-selected' : ''}`}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} shouldForceMount className="tab-panel record-panel">
          {tab.content}
        </TabPanel>
      ))}
    </Tabs>
  );
}
