// Dynamic component routes (spec section 2): under /admin/component and /home/component,
// named after the component ($ref) or scope/name. Static segments (create, edit, settings)
// outrank parameters, so /admin/component/$ref/settings wins over $scope/$name.
// List, create and edit resolve only for menu components (else not found). The list, create and
// edit/$uuid are the record screens (renderers/screens, loaded lazily with the registry; the list
// keeps ?page and ?preset); /admin/.../settings is the component settings screen.
import { createRoute, lazyRouteComponent, notFound, type AnyRoute } from '@tanstack/react-router';
import { componentMenuQueryOptions } from '../../../renderers/data/components';
import { findMenuItem, refFromParams, type RefParams } from '../features/components/routes/menuRef';
import { MEDIA_INTEGRATION_ID } from '../../../runtime/api/media';
import type { MessageKey } from '../../../runtime/i18n';
import type { RouterContext } from './root';
import { ComponentNotAvailable, ComponentSettingsPage } from './pages';
import { validateLibrarySearch, validateListSearch } from './search';

const CreateRecordPage = lazyRouteComponent(() => import('../features/records/CreateRecordPage'), 'CreateRecordPage');
const EditRecordPage = lazyRouteComponent(() => import('../features/records/EditRecordPage'), 'EditRecordPage');
const RecordListPage = lazyRouteComponent(() => import('../features/records/list/RecordListPage'), 'RecordListPage');
const IntegrationPage = lazyRouteComponent(() => import('../features/integrations/IntegrationPages'), 'IntegrationPageRoute');

async function requireMenuComponent(context: RouterContext, params: RefParams): Promise<void> {
  const menu = await context.queryClient.ensureQueryData(componentMenuQueryOptions());
  if (!findMenuItem(menu, refFromParams(params))) throw notFound();
}

export function componentRoutes<TParent extends AnyRoute>(parent: TParent, { settingsScreen }: { settingsScreen: boolean }) {
  const gated = <TPath extends string>(path: TPath) =>
    createRoute({
      getParentRoute: () => parent,
      path,
      loader: ({ context, params }) => requireMenuComponent(context as RouterContext, params as RefParams),
      component: ComponentNotAvailable,
      staticData: { label: 'cmp.route.crumb' },
    });
  const records = <TPath extends string>(path: TPath, page: 'create' | 'edit') =>
    createRoute({
      getParentRoute: () => parent,
      path,
      loader: ({ context, params }) => requireMenuComponent(context as RouterContext, params as RefParams),
      component: page === 'create' ? CreateRecordPage : EditRecordPage,
      staticData: { label: page === 'create' ? 'records.create.crumb' : 'records.edit.crumb' },
    });
  const list = <TPath extends string>(path: TPath) =>
    createRoute({
      getParentRoute: () => parent,
      path,
      validateSearch: validateListSearch,
      loader: ({ context, params }) => requireMenuComponent(context as RouterContext, params as RefParams),
      component: RecordListPage,
      staticData: { label: 'cmp.route.crumb' },
    });
  const settings = <TPath extends string>(path: TPath) =>
    settingsScreen
      ? createRoute({ getParentRoute: () => parent, path, component: ComponentSettingsPage, staticData: { label: 'cmp.settings.crumb' } })
      : gated(path);
  return [
    list('component/$ref'),
    records('component/$ref/create', 'create'),
    records('component/$ref/edit/$uuid', 'edit'),
    settings('component/$ref/settings'),
    list('component/$scope/$name'),
    records('component/$scope/$name/create', 'create'),
    records('component/$scope/$name/edit/$uuid', 'edit'),
    settings('component/$scope/$name/settings'),
  ] as const;
}

/** An integration page's crumb names the integration (luma-media: the media library), not the integrations list. */
function integrationCrumb(params: Record<string, string>): MessageKey | undefined {
  return params.id === MEDIA_INTEGRATION_ID ? 'media.title' : undefined;
}

/** The media library has its own sidebar entry: its trail starts with it, not under Integrations. */
const isMediaPage = (params: Record<string, string>) => params.id === MEDIA_INTEGRATION_ID;

/** Integration pages: luma-media is the media library (src/app/features/media; ?lib is the library,
 * the hash the directory); other integrations' pages arrive with them. */
export function integrationPageRoute<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath) {
  return createRoute({ getParentRoute: () => parent, path, validateSearch: validateLibrarySearch, component: IntegrationPage, staticData: { label: 'nav.integrations', labelFor: integrationCrumb, rootFor: isMediaPage } });
}
