import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { NavigationProvider, type Navigation } from '../../../renderers/ui/navigation';
import { localeFromSearch, setLocale } from '../../../renderers/ui/prefs';
import { AppLink } from '../components/AppLink';
import { ReportErrorModal } from '../components/ReportErrorModal';
import { NotFoundPage } from '../pages/NotFoundPage';
import { recordVisit } from './breadcrumbs';
import { refFromParams, type RefParams } from '../features/components/routes/menuRef';
import { validateLangSearch } from './search';
import './staticData';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Records each resolved page in the breadcrumb trail, unless its route opts out. */
function useBreadcrumbRecorder(): void {
  const router = useRouter();
  const resolved = useRouterState({ select: (s) => (s.status === 'idle' ? s.resolvedLocation?.href : undefined) });
  useEffect(() => {
    if (!resolved) return;
    const leaf = router.state.matches.at(-1);
    if (!leaf || leaf.status !== 'success' || leaf._notFound) return;
    const data = leaf.staticData;
    if (data.crumb === false) return;
    const params = leaf.params as RefParams;
    const component = params.ref !== undefined || params.name !== undefined ? refFromParams(params) : undefined;
    // A hash is a place within a page (the settings tabs), not another page of the trail.
    recordVisit({ href: resolved.split('#')[0] ?? resolved, label: data.labelFor?.(leaf.params as Record<string, string>) ?? data.label ?? 'notAvailable.title', ...(component ? { component } : {}) });
  }, [resolved, router]);
}

function RootLayout() {
  useBreadcrumbRecorder();
  const router = useRouter();
  // The renderers' links and navigation (renderers/ui/navigation.tsx) go through the router.
  const navigation = useMemo<Navigation>(() => ({ Link: AppLink, navigate: (href) => void router.navigate({ href }) }), [router]);
  return (
    <NavigationProvider value={navigation}>
      <Outlet />
      <ReportErrorModal />
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
