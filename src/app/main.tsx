// Browser entry: theme, locale, query client, router.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { CATALOGUES, DEFAULT_LOCALE, LOCALE_TAG } from '../../runtime/i18n';
import { setServerErrorHandler, setUnauthorizedHandler } from '../../runtime/client/clients';
import { localeFromSearch, localeStore, setLocale, themeStore } from '../../renderers/ui/prefs';
import { useStore } from '../../renderers/ui/store';
import { openReportError } from './api/reportError';
import './plugins';
import { createAppRouter, createQueryClient } from './routes/router';
import './styles.css';

// ?lang= wins over the stored locale before the first render (the root route keeps it in step later).
const initialLang = localeFromSearch(window.location.search);
if (initialLang) setLocale(initialLang);

function applyTheme(): void {
  document.documentElement.dataset.theme = themeStore.get();
}
applyTheme();
themeStore.subscribe(applyTheme);

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A server error opens the report modal with its request uuid (spec section 8).
setServerErrorHandler((error) => openReportError(error.requestUuid));

// A 401 from the media, integration and document clients: sign in again, then come back.
setUnauthorizedHandler(() => {
  const here = router.state.location.href;
  if (router.state.location.pathname === '/login') return;
  void router.navigate({ to: '/login', search: { redirect: here } });
});

function App() {
  const locale = useStore(localeStore);
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAG[locale];
  }, [locale]);
  return (
    <IntlProvider locale={LOCALE_TAG[locale]} messages={CATALOGUES[locale]} defaultLocale={LOCALE_TAG[DEFAULT_LOCALE]}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </IntlProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
