// Browser entry: theme, locale, query client, router.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, LOCALE_TAG, type Catalogue } from '../../runtime/i18n';
import { catalogueNow, loadCatalogue } from '../../runtime/i18n/load';
import { setServerErrorHandler, setUnauthorizedHandler } from '../../runtime/client/clients';
import { localeFromSearch, localeStore, setLocale, themeStore } from '../../renderers/ui/prefs';
import { useStore } from '../../renderers/ui/store';
import { openReportError } from './api/reportError';
import { startInstallableApp } from './pwa/register';
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

// The service worker and the install offer (docs/platform.md "Installable app").
startInstallableApp();

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
  // Another locale's texts load on demand (runtime/i18n/load.ts); until they are here the page waits.
  const [messages, setMessages] = useState<{ locale: string; catalogue: Catalogue } | null>(() => {
    const now = catalogueNow(locale);
    return now ? { locale, catalogue: now } : null;
  });
  useEffect(() => {
    let current = true;
    void loadCatalogue(locale).then((catalogue) => current && setMessages({ locale, catalogue }));
    return () => {
      current = false;
    };
  }, [locale]);
  if (!messages || messages.locale !== locale) return null;
  return (
    <IntlProvider locale={LOCALE_TAG[locale]} messages={messages.catalogue} defaultLocale={LOCALE_TAG[DEFAULT_LOCALE]}>
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
