// Page components, code split: each loads when its route is first visited.
import { lazyRouteComponent } from '@tanstack/react-router';

export const LandingPage = lazyRouteComponent(() => import('../pages/LandingPage'), 'LandingPage');
export const LoginPage = lazyRouteComponent(() => import('../pages/LoginPage'), 'LoginPage');
export const NotAvailableYet = lazyRouteComponent(() => import('../pages/NotAvailableYet'), 'NotAvailableYet');
export const DashboardPage = lazyRouteComponent(() => import('../pages/DashboardPage'), 'DashboardPage');
export const HomePage = lazyRouteComponent(() => import('../pages/HomePage'), 'HomePage');
export const AdminShell = lazyRouteComponent(() => import('../components/Shell'), 'AdminShell');
export const HomeShell = lazyRouteComponent(() => import('../components/Shell'), 'HomeShell');
export const ComponentsListPage = lazyRouteComponent(() => import('../features/components/list/ComponentsListPage'), 'ComponentsListPage');
export const ComponentCreatePage = lazyRouteComponent(() => import('../features/components/create/ComponentCreatePage'), 'ComponentCreatePage');
export const ComponentSettingsPage = lazyRouteComponent(() => import('../features/components/settings/SettingsPage'), 'ComponentSettingsPage');
export const ComponentNotAvailable = lazyRouteComponent(() => import('../features/components/routes/ComponentNotAvailable'), 'ComponentNotAvailable');
