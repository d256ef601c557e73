import { describe, expect, it } from 'vitest';
import { addCrumb, MAX_BREADCRUMBS, type Crumb } from '../../../src/app/routes/breadcrumbs';

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
