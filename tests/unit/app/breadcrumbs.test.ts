import { describe, expect, it } from 'vitest';
import { MAX_BREADCRUMBS, trailFor, withPlaces, type CrumbRoute } from '../../../src/app/routes/breadcrumbs';
import { mediaPlaces } from '../../../src/app/features/media/MediaPage';
import type { MediaLibrary } from '../../../runtime/api/media';
import { crumbText } from '../../../src/app/components/Breadcrumbs';

const ROUTES: Record<string, CrumbRoute> = {
  '/admin': { crumb: false },
  '/admin/components': { label: 'nav.components' },
  '/admin/component/$ref': { label: 'cmp.route.crumb' },
  '/admin/component/$ref/edit/$uuid': { label: 'records.edit.crumb' },
  '/admin/component/$scope/$name': { label: 'cmp.route.crumb' },
  '/admin/component/$scope/$name/settings': { label: 'cmp.settings.crumb' },
  '/admin/functions': { label: 'nav.functions' },
  '/admin/integrations': { label: 'nav.integrations' },
  '/admin/integrations/$id': { label: 'integrations.name' },
  '/admin/integrations/page/$id': { label: 'nav.integrations', labelFor: (p) => (p.id === 'luma-media' ? 'media.title' : undefined), rootFor: (p) => p.id === 'luma-media' },
};
const at = (pattern: string) => ROUTES[pattern];

describe('breadcrumb trail: the place in the route tree', () => {
  it('an edit page reads Components › Orders › Orders: Edit, however the user got there', () => {
    const trail = trailFor('/admin/component/$ref/edit/$uuid', { ref: 'orders', uuid: 'r-1' }, '/admin/component/orders/edit/r-1?x=1', at);
    expect(trail).toEqual([
      { href: '/admin/components', label: 'nav.components' },
      { href: '/admin/component/orders', label: 'cmp.route.crumb', component: 'orders' },
      { href: '/admin/component/orders/edit/r-1?x=1', label: 'records.edit.crumb', component: 'orders' },
    ]);
  });

  it('a scoped component keeps scope/name together', () => {
    const trail = trailFor('/admin/component/$scope/$name/settings', { scope: 'shop', name: 'orders' }, '/admin/component/shop/orders/settings', at);
    expect(trail.map((c) => [c.href, c.component])).toEqual([
      ['/admin/components', undefined],
      ['/admin/component/shop/orders', 'shop/orders'],
      ['/admin/component/shop/orders/settings', 'shop/orders'],
    ]);
  });

  it('a segment that is not a page of its own is no crumb (integrations/page is not integrations/$id)', () => {
    // Another integration's page is named like Integrations, so it stands alone (no 'Integrations › Integrations').
    const trail = trailFor('/admin/integrations/page/$id', { id: 'other' }, '/admin/integrations/page/other', at);
    expect(trail.map((c) => [c.label, c.href])).toEqual([['nav.integrations', '/admin/integrations/page/other']]);
  });

  it('the media library (in the sidebar) starts its trail: not under Integrations', () => {
    const trail = trailFor('/admin/integrations/page/$id', { id: 'luma-media' }, '/admin/integrations/page/luma-media', at);
    expect(trail.map((c) => c.label)).toEqual(['media.title']);
  });

  it('a top-level page is alone; at most 5 crumbs', () => {
    expect(trailFor('/admin/functions', {}, '/admin/functions', at).map((c) => c.label)).toEqual(['nav.functions']);
    expect(MAX_BREADCRUMBS).toBe(5);
    // Each level its own label (a level named like its parent would stand alone).
    const deep = trailFor('/a/b/c/d/e/f', {}, '/a/b/c/d/e/f', (pattern) => ({ label: pattern as CrumbRoute['label'] }));
    expect(deep.map((c) => c.href)).toEqual(['/a/b', '/a/b/c', '/a/b/c/d', '/a/b/c/d/e', '/a/b/c/d/e/f']);
  });
});

describe('crumb text', () => {
  const message = (key: string) => ({ 'nav.components': 'Components', 'records.edit.crumb': 'Edit', 'cmp.route.crumb': 'Component' })[key] ?? key;
  it('names a component page by the component: the list by its label, other pages after it', () => {
    expect(crumbText({ href: '/admin/components', label: 'nav.components' }, message, undefined)).toBe('Components');
    expect(crumbText({ href: '/admin/component/orders', label: 'cmp.route.crumb', component: 'orders' }, message, 'Orders')).toBe('Orders');
    expect(crumbText({ href: '/admin/component/orders/edit/1', label: 'records.edit.crumb', component: 'orders' }, message, 'Orders')).toBe('Orders: Edit');
    // Before the component is known, its ref stands in (never the route path), and never a uuid.
    expect(crumbText({ href: '/admin/component/shop/orders', label: 'cmp.route.crumb', component: 'shop/orders' }, message, undefined)).toBe('shop/orders');
    const uuid = '11c169dd-0000-4000-8000-000000000001';
    expect(crumbText({ href: `/admin/component/${uuid}/edit/1`, label: 'records.edit.crumb', component: uuid }, message, undefined)).toBe('Component: Edit');
  });
});

describe('places within a page (issue 29 item 17: the media page)', () => {
  const base = '/admin/integrations/page/luma-media';
  const library = { uuid: '00000000-0000-4000-8000-00000000000a', name: 'Contracts' } as MediaLibrary;
  const route = trailFor('/admin/integrations/page/$id', { id: 'luma-media' }, `${base}?lib=${library.uuid}&tab=documents&doc=lease`, at);
  const message = (key: string) => ({ 'nav.integrations': 'Integrations', 'media.title': 'Media library', 'media.tab.documents': 'Documents' })[key] ?? key;

  it('reads Media library › the library › Documents › the document, not the same word twice', () => {
    const trail = withPlaces(route, mediaPlaces({ base, tab: 'documents', doc: 'lease 2026' }, library));
    expect(trail.map((crumb) => crumbText(crumb, message, undefined))).toEqual(['Media library', 'Contracts', 'Documents', 'lease 2026']);
    // The page's own crumb leads to the page; each place keeps its search.
    expect(trail.map((crumb) => crumb.href)).toEqual([
      base,
      `${base}?lib=${library.uuid}`,
      `${base}?lib=${library.uuid}&tab=documents`,
      `${base}?lib=${library.uuid}&tab=documents&doc=lease%202026`,
    ]);
  });

  it('the files tab is the library itself; no places, the route trail as it was', () => {
    expect(withPlaces(route, mediaPlaces({ base, tab: 'files', doc: null }, library)).map((crumb) => crumbText(crumb, message, undefined))).toEqual(['Media library', 'Contracts']);
    expect(withPlaces(route, [])).toBe(route);
  });
});
