import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter, createQueryClient } from '../../../src/app/routes/router';
import { ROUTE_CATALOGUE, samplePath } from '../../../src/app/routes/catalogue';
import { validateLandingSearch, validateListSearch, validateVersionSearch, validateLangSearch } from '../../../src/app/routes/search';
import { loginErrorKey } from '../../../src/app/pages/loginError';
import { ApiRequestError } from '../../../runtime/client/errors';
import { localeFromSearch } from '../../../renderers/ui/prefs';

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);

function routerFor(path: string) {
  return createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }));
}

describe('route catalogue', () => {
  it('lists exactly the paths the router declares', () => {
    const router = routerFor('/');
    const declared = new Set(
      Object.values(router.routesById)
        .filter((r) => !r.isRoot && String(r.id) !== '/session')
        .map((r) => normalise(r.fullPath)),
    );
    const listed = ROUTE_CATALOGUE.map((r) => r.path);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...declared].sort()).toEqual([...listed].sort());
  });

  it('every page that enters the breadcrumb trail has a label, so the trail never shows a raw path', () => {
    const router = routerFor('/');
    const unlabelled = Object.values(router.routesById)
      .filter((r) => !r.isRoot && r.options.component !== undefined)
      .filter((r) => {
        const data = (r.options as { staticData?: { label?: string; crumb?: boolean } }).staticData;
        return data?.crumb !== false && !data?.label;
      })
      .map((r) => r.fullPath);
    expect(unlabelled).toEqual([]);
  });

  it('resolves each sample URL to its own route (static segments outrank params)', () => {
    const router = routerFor('/');
    for (const entry of ROUTE_CATALOGUE) {
      const matches = router.matchRoutes(samplePath(entry.path), {});
      const leaf = matches.at(-1);
      expect(normalise(String(leaf?.fullPath)), entry.path).toBe(entry.path);
    }
  });

  it('keeps /admin/component/$ref/settings ahead of $scope/$name', () => {
    const leaf = routerFor('/').matchRoutes('/admin/component/orders/settings', {}).at(-1);
    expect(leaf?.fullPath).toBe('/admin/component/$ref/settings');
    expect(leaf?.params).toMatchObject({ ref: 'orders' });
    const scoped = routerFor('/').matchRoutes('/admin/component/shop/orders', {}).at(-1);
    expect(scoped?.params).toMatchObject({ scope: 'shop', name: 'orders' });
  });
});

describe('search validators', () => {
  it('types ?page, ?preset, ?v, ?force and ?lang', () => {
    expect(validateListSearch({ page: '3', preset: 'Default' })).toEqual({ page: 3, preset: 'Default' });
    expect(validateListSearch({ page: -1 })).toEqual({});
    expect(validateVersionSearch({ v: 2 })).toEqual({ v: 2 });
    expect(validateLandingSearch({ force: true })).toEqual({ force: true });
    expect(validateLandingSearch({ force: 'true' })).toEqual({ force: true });
    expect(validateLandingSearch({})).toEqual({});
    expect(validateLangSearch({ lang: 'sr' })).toEqual({ lang: 'sr' });
    expect(validateLangSearch({ lang: 'xx' })).toEqual({});
  });

  it('reads ?lang from a query string', () => {
    expect(localeFromSearch('?lang=sr')).toBe('sr');
    expect(localeFromSearch('?lang=en_US&x=1')).toBe('en_US');
    expect(localeFromSearch('?lang=de')).toBeNull();
  });
});

describe('login errors', () => {
  it("shows 'Login failed' for 401 and too many attempts for 429", () => {
    expect(loginErrorKey(new ApiRequestError(401, 'unauthorized', 'http', 'main'))).toBe('Login failed');
    expect(loginErrorKey(new ApiRequestError(429, 'x', 'http', 'main'))).toBe('tooManyAttempts');
    expect(loginErrorKey(new ApiRequestError(0, 'Connection to server failed', 'network', 'main'))).toBe('Connection to server failed');
    expect(loginErrorKey(new Error('boom'))).toBe('unexpectedError');
  });
});
