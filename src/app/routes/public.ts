// Public routes (spec section 2): no session needed, kept out of the breadcrumb trail.
import { createRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '../pages/ServerErrorPage';
import { LandingPage, LoginPage, NotAvailableYet } from './pages';
import { rootRoute } from './root';
import { validateLandingSearch, validateLoginSearch } from './search';

const outOfTrail = { crumb: false } as const;

const publicStub = <TPath extends string>(path: TPath) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: NotAvailableYet, staticData: outOfTrail });

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateLandingSearch,
  component: LandingPage,
  staticData: outOfTrail,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateLoginSearch,
  component: LoginPage,
  staticData: outOfTrail,
});

/** The server-error page, also used as the router's error component. */
export const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/error',
  component: ServerErrorPage,
  staticData: outOfTrail,
});

export const publicRoutes = [
  landingRoute,
  loginRoute,
  errorRoute,
  publicStub('/two-factor-auth'),
  publicStub('/register'),
  publicStub('/project/invite/$uuid'),
  publicStub('/user/forgotpassword'),
  publicStub('/user/resetpassword/$uuid'),
  publicStub('/mobile'),
] as const;
