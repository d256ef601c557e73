import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, type AnyRoute, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { NavigationProvider, type Navigation } from '../../../renderers/ui/navigation';
import { localeFromSearch, setLocale } from '../../../renderers/ui/prefs';
import { AppLink } from '../components/AppLink';
import { ReportErrorModal } from '../components/ReportErrorModal';
import { InstallPrompt } from '../components/InstallPrompt';
import { NotFoundPage } from '../pages/NotFoundPage';
import { setTrail, trailFor } from './breadcrumbs';
import { validateLangSearch } from './search';
import './staticData';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Sets the breadcrumb trail of each resolved page: its place in the route tree, unless it opts out. */
function useBreadcrumbTrail(): void {
  const router = useRouter();
  const resolved = useRouterState({ select: (s) => (s.status === 'idle' ? s.resolvedLocation?.href : undefined) });
  useEffect(() => {
    if (!resolved) return;
    const leaf = router.state.matches.at(-1);
    if (!leaf || leaf.status !== 'success' || leaf._notFound) return;
    if (leaf.staticData.crumb === false) return;
    const routes = router.routesByPath as Record<string, AnyRoute | undefined>;
    const routeAt = (pattern: string) => routes[pattern]?.options.staticData;
    // A hash is a place within a page (the settings tabs), not another page of the trail.
    setTrail(trailFor(leaf.fullPath, leaf.params as Record<string, string>, resolved.split('#')[0] ?? resolved, routeAt));
  }, [resolved, router]);
}

function RootLayout() {
  useBreadcrumbTrail();
  const router = useRouter();
  // The renderers' links and navigation (renderers/ui/navigation.tsx) go through the router.
  const navigation = useMemo<Navigation>(() => ({ Link: AppLink, navigate: (href) => void router.navigate({ href }) }), [router]);
  return (
    <NavigationProvider value={navigation}>
      <Outlet />
      <ReportErrorModal />
      <InstallPrompt />
    </NavigationProvider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: validateLangSearch,
  // ?lang= on any URL sets and stores the locale.
  beforeLoad: ({ location }) => {
    const lang = localeFromSearch(location.searchStr);
    if (lang) setLocale(lang);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
