// Public routes (spec section 2): no session needed, kept out of the breadcrumb trail.
import { createRoute } from '@tanstack/react-router';
import { ForgotPasswordPage, InvitePage, RegisterPage, ResetPasswordPage, TwoFactorPage } from '../features/account/pages';
import { ServerErrorPage } from '../pages/ServerErrorPage';
import { LandingPage, LoginPage, MobilePage } from './pages';
import { rootRoute } from './root';
import { validateLandingSearch, validateLoginSearch } from './search';

const outOfTrail = { crumb: false } as const;

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

/** The second sign-in step; ?redirect is where the login page was asked to go. */
export const twoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/two-factor-auth',
  validateSearch: validateLoginSearch,
  component: TwoFactorPage,
  staticData: outOfTrail,
});

const publicPage = <TPath extends string>(path: TPath, component: typeof RegisterPage | typeof MobilePage) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, staticData: outOfTrail });

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
  twoFactorRoute,
  publicPage('/register', RegisterPage),
  publicPage('/project/invite/$uuid', InvitePage),
  publicPage('/user/forgotpassword', ForgotPasswordPage),
  publicPage('/user/resetpassword/$uuid', ResetPasswordPage),
  publicPage('/mobile', MobilePage),
] as const;
