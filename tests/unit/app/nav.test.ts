import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from '../../../src/app/nav/adminNav';
import { HOME_NAV } from '../../../src/app/nav/homeNav';
import {
  dropdownDepth,
  findActive,
  flattenLinks,
  isExternal,
  MAX_DROPDOWN_DEPTH,
  pathMatches,
  type NavItem,
} from '../../../src/app/nav/model';
import { ROUTE_CATALOGUE } from '../../../src/app/routes/catalogue';

const model: NavItem[] = [
  { kind: 'title', label: 'nav.section.build' },
  { kind: 'link', label: 'nav.dashboard', href: '/admin/dashboard' },
  {
    kind: 'dropdown',
    id: 'iam',
    label: 'nav.iam',
    children: [
      { kind: 'link', label: 'nav.users', href: '/admin/iam' },
      { kind: 'dropdown', id: 'iam.roles', label: 'nav.roles', children: [{ kind: 'link', label: 'nav.roles', href: '/admin/iam/roles' }] },
    ],
  },
  { kind: 'divider' },
  { kind: 'link', label: 'nav.billing', href: '/checkout', disabled: true },
  { kind: 'link', label: 'nav.home', href: 'https://example.com/docs' }, // external
];

describe('isExternal', () => {
  it('treats links beginning with http as external', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('http://example.com')).toBe(true);
    expect(isExternal('/admin/dashboard')).toBe(false);
    expect(isExternal('/http-looking/path')).toBe(false);
  });
});

describe('flattenLinks', () => {
  it('lists links in order with the dropdowns around them', () => {
    expect(flattenLinks(model).map((f) => [f.link.href, f.parents])).toEqual([
      ['/admin/dashboard', []],
      ['/admin/iam', ['iam']],
      ['/admin/iam/roles', ['iam', 'iam.roles']],
      ['/checkout', []],
      ['https://example.com/docs', []],
    ]);
  });
});

describe('active matching', () => {
  it('matches by whole path segments', () => {
    expect(pathMatches('/admin/iam', '/admin/iam/edit/1')).toBe(true);
    expect(pathMatches('/admin/iam', '/admin/iamx')).toBe(false);
    expect(pathMatches('/admin/iam/', '/admin/iam')).toBe(true);
  });

  it('picks the longest matching link and reports its dropdowns', () => {
    const active = findActive(model, '/admin/iam/roles/edit/7');
    expect(active?.link.href).toBe('/admin/iam/roles');
    expect(active?.parents).toEqual(['iam', 'iam.roles']);
  });

  it('ignores disabled and external links', () => {
    expect(findActive(model, '/checkout')).toBeUndefined();
    expect(findActive(model, 'https://example.com/docs')).toBeUndefined();
  });
});

describe('the shipped navigation', () => {
  it('nests dropdowns exactly two levels deep in the admin nav, never deeper', () => {
    expect(dropdownDepth(ADMIN_NAV)).toBe(MAX_DROPDOWN_DEPTH);
    expect(dropdownDepth(HOME_NAV)).toBeLessThanOrEqual(MAX_DROPDOWN_DEPTH);
  });

  it('uses every item kind', () => {
    const kinds = new Set<string>();
    const walk = (items: readonly NavItem[]) =>
      items.forEach((i) => {
        kinds.add(i.kind);
        if (i.kind === 'dropdown') walk(i.children);
      });
    walk(ADMIN_NAV);
    expect([...kinds].sort()).toEqual(['divider', 'dropdown', 'label', 'link', 'title']);
    const links = flattenLinks(ADMIN_NAV).map((f) => f.link);
    // Billing was the last 'soon' link; /checkout is built (docs/billing.md), for project admins.
    expect(links.find((l) => l.href === '/checkout')).toMatchObject({ adminOnly: true });
    expect(links.some((l) => l.disabled || l.badge)).toBe(false);
    // No external link ships until there is a real address to link to; the fixture above covers them.
    expect(links.some((l) => isExternal(l.href))).toBe(false);
  });

  it('links only to declared routes', () => {
    const declared = new Set(ROUTE_CATALOGUE.map((r) => r.path));
    for (const { link } of [...flattenLinks(ADMIN_NAV), ...flattenLinks(HOME_NAV)]) {
      if (!isExternal(link.href)) expect(declared.has(link.href), link.href).toBe(true);
    }
  });
});
