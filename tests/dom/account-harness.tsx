// The account screens in jsdom: the app's real router, query client and intl, against a fake main API
// (the global fetch, as tests/dom/list.test.tsx stubs it). Each test answers the calls it cares about;
// anything else is a 404.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { IntlProvider } from 'react-intl';
import { vi } from 'vitest';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import { LOCALE_TAG } from '../../runtime/i18n/tags';
import { createAppRouter, createQueryClient } from '../../src/app/routes/router';
import { withIntl } from './harness';

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** An answer: [status, body] or a body (200); undefined falls through to 404. */
export type Answer = [number, unknown] | Record<string, unknown> | unknown[] | undefined;
export type Routes = Record<string, (call: Call) => Answer>;

export const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch with `routes`, keyed "METHOD /v1/path" (the /api prefix removed). Returns the calls made. */
export function fakeApi(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, path: url.pathname.replace(/^\/api/, ''), body };
      calls.push(call);
      const answer = routes[`${method} ${call.path}`]?.(call);
      if (answer === undefined) return json({ status: 404, message: 'notFound' }, 404);
      if (Array.isArray(answer) && answer.length === 2 && typeof answer[0] === 'number') {
        const [status, payload] = answer as [number, unknown];
        return json(payload, status);
      }
      return json(answer);
    }),
  );
  return calls;
}

export const apiError = (status: number, message: string, errors?: { field: string; messages: string[] }[]): [number, unknown] => [
  status,
  { status, message, ...(errors ? { errors } : {}) },
];

/** The app at `path`, as the browser would show it (in English, or in Serbian when asked). */
export function renderApp(path: string, locale: 'en_US' | 'sr' = 'en_US') {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  render(
    locale === 'en_US' ? (
      withIntl(app)
    ) : (
      <IntlProvider locale={LOCALE_TAG[locale]} messages={CATALOGUES[locale]} onError={() => undefined}>
        {app}
      </IntlProvider>
    ),
  );
  return { router, queryClient };
}

/** Signed in with a project: what the session guard and the shell ask for. */
export const signedInRoutes = (user: Record<string, unknown> = {}): Routes => ({
  'GET /v1/user/claims': () => ({ ProjectUUID: 'p-1', IsAdmin: true }),
  'GET /v1/user/model': () => ({
    uuid: 'u-1',
    name: 'Ana Anić',
    email: 'ana@luma.test',
    settings: { timezone: 'Europe/Belgrade', theme: 'light' },
    billing_address: null,
    login_at: null,
    status: 'active',
    project_uuid: 'p-1',
    workspace_uuid: 'w-1',
    is_admin: true,
    ...user,
  }),
  'GET /v1/user/role/permissions': () => ({ is_admin: true, permissions: [], roles: ['r-1'] }),
  'GET /v3/system/component/menu': () => [],
});
