import { describe, expect, it } from 'vitest';
import { addCrumb, MAX_BREADCRUMBS, type Crumb } from '../../../src/app/routes/breadcrumbs';
import { crumbText } from '../../../src/app/components/Breadcrumbs';
import { stubLabel } from '../../../src/app/routes/stub';

const crumb = (n: number): Crumb => ({ href: `/admin/page-${n}`, label: `page ${n}` });

describe('breadcrumb trail', () => {
  it('keeps only the last 5 visits', () => {
    let trail: Crumb[] = [];
    for (let n = 1; n <= 8; n++) trail = addCrumb(trail, crumb(n));
    expect(MAX_BREADCRUMBS).toBe(5);
    expect(trail.map((c) => c.href)).toEqual([4, 5, 6, 7, 8].map((n) => `/admin/page-${n}`));
  });

  it('moves a revisited page to the end instead of repeating it', () => {
    let trail: Crumb[] = [];
    for (const n of [1, 2, 3, 2]) trail = addCrumb(trail, crumb(n));
    expect(trail.map((c) => c.href)).toEqual(['/admin/page-1', '/admin/page-3', '/admin/page-2']);
  });

  it('does not change the trail it was given', () => {
    const trail = [crumb(1)];
    addCrumb(trail, crumb(2));
    expect(trail).toEqual([crumb(1)]);
  });

  it('honours a custom maximum', () => {
    const trail = [1, 2, 3].reduce<Crumb[]>((t, n) => addCrumb(t, crumb(n), 2), []);
    expect(trail).toHaveLength(2);
  });
});

describe('crumb text', () => {
  const message = (key: string) => ({ 'nav.components': 'Components', 'records.edit.crumb': 'Edit', 'cmp.route.crumb': 'Component' })[key] ?? key;
  it('names a component page by the component: the list by its label, other pages after it', () => {
    expect(crumbText({ href: '/admin/components', label: 'nav.components' }, message, undefined)).toBe('Components');
    expect(crumbText({ href: '/admin/component/orders', label: 'cmp.route.crumb', component: 'orders' }, message, 'Orders')).toBe('Orders');
    expect(crumbText({ href: '/admin/component/orders/edit/1', label: 'records.edit.crumb', component: 'orders' }, message, 'Orders')).toBe('Orders: Edit');
    // Before the component is known, its ref stands in (never the route path).
    expect(crumbText({ href: '/admin/component/shop/orders', label: 'cmp.route.crumb', component: 'shop/orders' }, message, undefined)).toBe('shop/orders');
  });
  it('labels a stub page by its menu section', () => {
    expect(stubLabel('spark/$id')).toBe('nav.sparks');
    expect(stubLabel('/checkout/thankyou')).toBe('nav.billing');
    expect(stubLabel('unknown')).toBe('notAvailable.title');
  });
});
