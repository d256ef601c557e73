import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { isApiRequestError } from '../../../runtime/client/errors';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ServerErrorPage } from '../pages/ServerErrorPage';
import { PendingPage } from '../components/PendingPage';
import { routeTree } from './tree';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // An HTTP answer will not change on retry (and a 500 already opened the report modal);
        // a lost connection may come back.
        retry: (count, error) => count < 2 && !(isApiRequestError(error) && error.kind === 'http'),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which has its own cache.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ServerErrorPage,
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
