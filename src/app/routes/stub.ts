// A route whose screen arrives in a later issue: it renders the shared NotAvailableYet page, and its
// breadcrumb names its section of the menu (never the raw path).
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { MessageKey } from '../../../runtime/i18n';
import { NotAvailableYet } from './pages';

/** The menu section of a stub path's first segment. */
const SECTION_LABEL: Readonly<Record<string, MessageKey>> = {
  'public-app': 'nav.publicApps',
  app: 'nav.apps',
  a: 'nav.apps',
  thunder: 'nav.thunder',
  spark: 'nav.sparks',
  ratchet: 'nav.ratchet',
  functions: 'nav.functions',
  forge: 'nav.forge',
  workflow: 'nav.workflows',
  widgets: 'nav.widgets',
  templates: 'nav.templates',
  template: 'nav.templates',
  scout: 'nav.scout',
  environment: 'nav.environment',
  integrations: 'nav.integrations',
  platform: 'nav.updates',
  checkout: 'nav.billing',
  component: 'nav.components',
};

/** The breadcrumb label of a stub path: its menu section, else the 'not available yet' title. */
export function stubLabel(path: string): MessageKey {
  const first = path.replace(/^\//, '').split('/')[0] ?? '';
  return SECTION_LABEL[first] ?? 'notAvailable.title';
}

export function stubRoute<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath) {
  return createRoute({ getParentRoute: () => parent, path, component: NotAvailableYet, staticData: { label: stubLabel(path) } });
}
