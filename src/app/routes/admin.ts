// /admin (spec section 2): redirects to /admin/dashboard; every child listed in the spec.
import { createRoute, redirect } from '@tanstack/react-router';
import { componentRoutes, integrationPageRoute } from './componentRoutes';
import { AdminShell, ComponentCreatePage, ComponentsListPage, DashboardPage } from './pages';
import { sessionRoute } from './session';
import { stubRoute } from './stub';

export const adminRoute = createRoute({
  getParentRoute: () => sessionRoute,
  path: '/admin',
  component: AdminShell,
  staticData: { crumb: false },
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard' });
  },
});

export const dashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'dashboard',
  component: DashboardPage,
  staticData: { label: 'nav.dashboard' },
});

export const componentsListRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'components',
  component: ComponentsListPage,
  staticData: { label: 'nav.components' },
});

export const componentCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'components/create',
  component: ComponentCreatePage,
  staticData: { label: 'nav.componentCreate' },
});

const stub = <TPath extends string>(path: TPath) => stubRoute(adminRoute, path);

export const adminChildren = [
  adminIndexRoute,
  dashboardRoute,
  componentsListRoute,
  componentCreateRoute,
  ...componentRoutes(adminRoute, { settingsScreen: true }),
  stub('public-app'),
  stub('public-app/$id'),
  stub('app'),
  stub('app/$id'),
  stub('app/settings/$id'),
  stub('thunder'),
  stub('thunder/$name'),
  stub('spark'),
  stub('spark/create'),
  stub('spark/$id'),
  stub('ratchet'),
  stub('ratchet/create'),
  stub('ratchet/edit/$id'),
  stub('functions'),
  stub('functions/create'),
  stub('functions/$id'),
  stub('forge'),
  stub('forge/create'),
  stub('forge/$id'),
  stub('developer'),
  stub('workflow/$id'),
  stub('projects'),
  stub('projects/create'),
  stub('projects/settings'),
  stub('widgets'),
  stub('widgets/edit/$id'),
  stub('widgets/create'),
  stub('workspace'),
  stub('workspace/edit/$id'),
  stub('workspace/create'),
  stub('templates'),
  stub('scout/events'),
  stub('scout/events/settings'),
  stub('scout/events/$id'),
  stub('scout/api'),
  stub('scout/api/inspect'),
  stub('scout/workflow'),
  stub('environment'),
  stub('integrations'),
  stub('integrations/$id'),
  integrationPageRoute(adminRoute, 'integrations/page/$id'),
  integrationPageRoute(adminRoute, 'integrations/page/$id/$subPage'),
  stub('iam'),
  stub('iam/edit/$id'),
  stub('iam/api/$id'),
  stub('iam/roles'),
  stub('iam/roles/create'),
  stub('iam/roles/edit/$id'),
  stub('iam/invite'),
  stub('iam/create'),
] as const;
