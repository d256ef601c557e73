// The session layout: every protected route sits under it, behind the entry guard.
import { createRoute, redirect } from '@tanstack/react-router';
import { claimsQueryOptions } from '../../../renderers/data/queries';
import { browserStorage, STORAGE_KEY } from '../../../runtime/client/storage';
import { resolveEntry, type ClaimsOutcome } from './guard';
import { AppEditorPage, CheckoutPage, ThankYouPage, AppOrForgePage, PublicAppEditorPage, AppPlaygroundPage, AppPreviewPage, AppsLauncherPage, ComponentEditorPage, TemplatePage } from './pages';
import { rootRoute } from './root';
import { validateVersionSearch } from './search';

export const sessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'session',
  beforeLoad: async ({ context, location }) => {
    const outcome: ClaimsOutcome = await context.queryClient
      .ensureQueryData(claimsQueryOptions())
      .then((claims) => ({ claims }), (error: unknown) => ({ error }));
    const decision = resolveEntry(outcome, location.href);
    switch (decision.kind) {
      case 'continue':
        // The clients send it as X-Project-Uuid.
        browserStorage.setItem(STORAGE_KEY.projectUuid, decision.projectUuid);
        return;
      case 'noAccess':
        throw redirect({ to: decision.to, search: decision.search });
      case 'signIn':
        throw redirect({ to: decision.to, search: decision.search });
    }
  },
});

const componentEditorRoute = createRoute({
  getParentRoute: () => sessionRoute,
  path: '/component/editor/$id',
  validateSearch: validateVersionSearch,
  component: ComponentEditorPage,
  staticData: { label: 'forge.editor' },
});

const appRoute = createRoute({ getParentRoute: () => sessionRoute, path: '/app', component: AppsLauncherPage, staticData: { label: 'apps.title' } });

export const sessionRoutes = [
  createRoute({ getParentRoute: () => sessionRoute, path: '/a/$id', component: AppOrForgePage, staticData: { label: 'nav.apps' } }),
  createRoute({ getParentRoute: () => sessionRoute, path: '/app/editor/$id', component: AppEditorPage, staticData: { label: 'apps.editor' } }),
  createRoute({ getParentRoute: () => sessionRoute, path: '/public-app/editor/$id', component: PublicAppEditorPage, staticData: { label: 'apps.editor' } }),
  componentEditorRoute,
  createRoute({ getParentRoute: () => sessionRoute, path: '/template/$id', component: TemplatePage, staticData: { label: 'nav.templates' } }),
  createRoute({ getParentRoute: () => sessionRoute, path: '/checkout', component: CheckoutPage, staticData: { label: 'nav.billing' } }),
  createRoute({ getParentRoute: () => sessionRoute, path: '/checkout/thankyou', component: ThankYouPage, staticData: { label: 'nav.billing' } }),
  appRoute,
  createRoute({ getParentRoute: () => sessionRoute, path: '/app/playground', component: AppPlaygroundPage, staticData: { label: 'apps.playground' } }),
  createRoute({ getParentRoute: () => sessionRoute, path: '/app/$id', component: AppPreviewPage, staticData: { label: 'apps.preview' } }),
] as const;
