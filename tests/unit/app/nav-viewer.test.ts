// The admin sidebar shows IAM, workspaces and project settings to admins only: their calls answer 403 to others.
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from '../../../src/app/nav/adminNav';
import { forViewer, type NavItem } from '../../../src/app/nav/model';

const hrefs = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item.href] : item.kind === 'dropdown' ? hrefs(item.children) : []));

describe('forViewer', () => {
  it('keeps every entry for an admin', () => {
    expect(forViewer(ADMIN_NAV, true)).toBe(ADMIN_NAV);
  });

  it('drops admin-only links and dropdowns, at any depth, for others', () => {
    const all = hrefs(ADMIN_NAV);
    const visible = hrefs(forViewer(ADMIN_NAV, false));
    for (const href of ['/admin/iam', '/admin/iam/roles', '/admin/iam/invite', '/admin/iam/create', '/admin/workspace', '/admin/projects/settings']) {
      expect(all).toContain(href);
      expect(visible).not.toContain(href);
    }
    expect(visible).toContain('/admin/projects');
    expect(visible).toContain('/admin/dashboard');
  });
});
