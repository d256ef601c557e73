// /home (spec section 2): home, users/profile, platform/updates, integrations/page/$id and the component routes.
import { createRoute, redirect } from '@tanstack/react-router';
import { ProfilePage } from '../features/account/pages';
import { componentRoutes, integrationPageRoute } from './componentRoutes';
import { HomePage, HomeShell, UpdatesPage } from './pages';
import { sessionRoute } from './session';

export const homeRoute = createRoute({
  getParentRoute: () => sessionRoute,
  path: '/home',
  component: HomeShell,
  staticData: { crumb: false },
});

const homeIndexRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home/home' });
  },
});

export const homeHomeRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'home',
  component: HomePage,
  staticData: { label: 'nav.home' },
});

export const homeChildren = [
  homeIndexRoute,
  homeHomeRoute,
  createRoute({ getParentRoute: () => homeRoute, path: 'users/profile', component: ProfilePage, staticData: { label: 'nav.profile' } }),
  createRoute({ getParentRoute: () => homeRoute, path: 'platform/updates', component: UpdatesPage, staticData: { label: 'nav.updates' } }),
  integrationPageRoute(homeRoute, 'integrations/page/$id'),
  ...componentRoutes(homeRoute, { settingsScreen: false }),
] as const;
