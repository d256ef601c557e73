// The active tab's panel. Tabs other than General load on demand (code editors live in them).
import { lazy, Suspense } from 'react';
import type { ComponentModel } from '../../../../../runtime/client/components';
import { AppearanceTab } from './AppearanceTab';
import { GeneralTab } from './GeneralTab';
import { ModelTab } from './ModelTab';
import { WorkflowTab } from './WorkflowTab';
import type { SettingsTab } from './tabs';
import type { SettingsController } from './useSettingsController';

const ListTab = lazy(() => import('./ListTab').then((m) => ({ default: m.ListTab })));
const FieldsTab = lazy(() => import('./fields/FieldsTab').then((m) => ({ default: m.FieldsTab })));
const FunctionsTab = lazy(() => import('./FunctionsTab').then((m) => ({ default: m.FunctionsTab })));
const UserCodeSections = lazy(() => import('./UserCodeSections').then((m) => ({ default: m.UserCodeSections })));
const ConfigTab = lazy(() => import('./ConfigTab').then((m) => ({ default: m.ConfigTab })));

export function SettingsPanels({ tab, ctl, model, locked }: { tab: SettingsTab; ctl: SettingsController; model: ComponentModel; locked: boolean }) {
  const props = { model, update: ctl.update, errors: ctl.saveErrors };
  const body = (() => {
    switch (tab) {
      case 'general':
        return <GeneralTab {...props} ctl={ctl} />;
      case 'appearance':
        return <AppearanceTab {...props} />;
      case 'list':
        return <ListTab {...props} />;
      case 'fields':
        return <FieldsTab {...props} locked={locked} />;
      case 'model':
        return <ModelTab {...props} />;
      case 'workflow':
        return <WorkflowTab {...props} />;
      case 'functions':
        return (
          <div className="stack">
            <FunctionsTab {...props} />
            <UserCodeSections {...props} />
          </div>
        );
      case 'config':
        return <ConfigTab {...props} />;
    }
  })();
  return <Suspense fallback={<div className="skeleton" aria-busy="true" />}>{body}</Suspense>;
}
