// The relation select's pure parts: labels, search queries, paging, its state, and the Create/Edit gating.
import { describe, expect, it } from 'vitest';
import { relationDisplay, templateKeys } from '../../../runtime/compile/selectData';
import { relationLabel, UNKNOWN_VALUE } from '../../../renderers/controls/select/relation/label';
import { nextPageParam, pagingView, relationPagesKey, type PagesState } from '../../../renderers/controls/select/relation/pages';
import { nextOutcome, START, type OutcomeEvent } from '../../../renderers/controls/select/relation/outcome';
import { relationButtons } from '../../../renderers/controls/select/relation/permissions';
import { escapeRegex, initialFilter, initialParams, pageParams, REGEX_MAX, searchFilter } from '../../../renderers/controls/select/relation/query';

const row = { uuid: 'u-1', name: 'Ann', code: 7, title: { locales: { en_US: 'Queen', sr: 'Kraljica' } } };

describe('relation label', () => {
  it('reads uuid, a field key, or a double-brace template', () => {
    expect(relationLabel('uuid', row, 'en_US')).toBe('u-1');
    expect(relationLabel('name', row, 'en_US')).toBe('Ann');
    expect(relationLabel('{{name}} ({{code}})', row, 'en_US')).toBe('Ann (7)');
    expect(relationLabel('{{ name }}-{{missing}}', row, 'en_US')).toBe('Ann-');
  });
  it('reads i18n values in the locale, else en_US', () => {
    expect(relationLabel('{{title}}', row, 'sr')).toBe('Kraljica');
    expect(relationLabel('{{title}}', row, 'de')).toBe('Queen');
  });
  it("falls back to the uuid for an empty label and to '__unknown_value__' without a record", () => {
    expect(relationLabel('{{missing}}', row, 'en_US')).toBe('u-1');
    expect(relationLabel('{{name}}', null, 'en_US')).toBe(UNKNOWN_VALUE);
    expect(UNKNOWN_VALUE).toBe('__unknown_value__');
  });
  it('compiles the display: no label set (the related component decides), searchOn given or from the template', () => {
    expect(relationDisplay(null)).toEqual({ label: null, searchOn: [] });
    expect(relationDisplay({ label: 'uuid' })).toEqual({ label: 'uuid', searchOn: ['uuid'] });
    expect(relationDisplay({ label: '{{name}} ({{code}})' })).toEqual({ label: '{{name}} ({{code}})', searchOn: ['name', 'code'] });
    expect(relationDisplay({ label: '{{name}}', searchOn: 'code, name' }).searchOn).toEqual(['code', 'name']);
    expect(relationDisplay({ label: '{{name}}', searchOn: ['title'] }).searchOn).toEqual(['title']);
    expect(templateKeys('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });
});

describe('relation search query', () => {
  it('escapes regex metacharacters so the keyword matches literally', () => {
    expect(escapeRegex('a.b*c')).toBe('a\\.b\\*c');
    expect(escapeRegex(' (x)[y]{z}^$|?+\\ ')).toBe('\\(x\\)\\[y\\]\\{z\\}\\^\\$\\|\\?\\+\\\\');
    const keyword = '1+1=2 (ok?)';
    expect(new RegExp(escapeRegex(keyword), 'i').test(`says ${keyword.toUpperCase()}`)).toBe(true);
    expect(escapeRegex('.'.repeat(300)).length).toBeLessThanOrEqual(REGEX_MAX);
  });
  it('builds $regex on the searchOn paths, the locale path for i18n fields, $or for several', () => {
    expect(searchFilter(['name'], 'an', new Set(), 'en_US')).toEqual({ name: { $regex: 'an' } });
    expect(searchFilter(['title'], 'qu', new Set(['title']), 'sr')).toEqual({ 'title.locales.sr': { $regex: 'qu' } });
    expect(searchFilter(['name', 'title'], 'a.', new Set(['title']), 'en_US')).toEqual({
      $or: [{ name: { $regex: 'a\\.' } }, { 'title.locales.en_US': { $regex: 'a\\.' } }],
    });
    expect(searchFilter(['name'], '   ', new Set(), 'en_US')).toBeNull();
  });
  it('loads chosen values with $in on the foreign key, and pages of 10', () => {
    expect(initialFilter('code', ['A1', 'A2'])).toEqual({ code: { $in: ['A1', 'A2'] } });
    expect(initialParams('code', ['A1'])).toEqual({ offset: 0, limit: 1, $adv: JSON.stringify({ code: { $in: ['A1'] } }) });
    expect(pageParams(0, null)).toEqual({ offset: 0, limit: 10 });
    expect(pageParams(2, { name: { $regex: 'x' } })).toEqual({ offset: 20, limit: 10, $adv: '{"name":{"$regex":"x"}}' });
  });
});

describe('relation paging', () => {
  const page = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
  const answer = (items: number[], total: number) => ({ items, total });
  const state = (pages: { items: number[] }[] | undefined, flags: Partial<Omit<PagesState<number>, 'data'>> = {}): PagesState<number> => ({
    data: pages ? { pages } : undefined,
    isPending: pages === undefined && !flags.isError,
    isFetching: false,
    isFetchingNextPage: false,
    isError: false,
    hasNextPage: false,
    ...flags,
  });
  it('appends pages of the same keyword and stops at the last one', () => {
    const first = pagingView(state(undefined, { isFetching: true }));
    expect(first).toMatchObject({ items: [], loading: true, mayLoadMore: false }); // the first page is loading
    const pages = [answer(page(10), 25)];
    expect(nextPageParam(pages[0]!, pages, 0)).toBe(1);
    expect(pagingView(state(pages, { hasNextPage: true }))).toMatchObject({ loading: false, done: false, mayLoadMore: true });
    pages.push(answer(page(10, 10), 25), answer(page(5, 20), 25));
    expect(nextPageParam(pages[2]!, pages, 2)).toBeUndefined();
    const last = pagingView(state(pages, { hasNextPage: false }));
    expect(last.items).toEqual(page(25));
    expect(last).toMatchObject({ done: true, mayLoadMore: false });
  });
  it('keeps each keyword in its own list, asks for one page at a time, and stops after a failure', () => {
    expect(relationPagesKey('authors', { name: { $regex: 'an' } })).not.toEqual(relationPagesKey('authors', { name: { $regex: 'old' } }));
    expect(relationPagesKey('authors', { name: { $regex: 'an' } })).toEqual(relationPagesKey('authors', { name: { $regex: 'an' } }));
    const pages = [answer(page(10), 30)];
    expect(pagingView(state(pages, { hasNextPage: true, isFetching: true, isFetchingNextPage: true }))).toMatchObject({ loading: true, mayLoadMore: false });
    expect(pagingView(state(pages, { hasNextPage: true, isError: true }))).toMatchObject({ loading: false, done: true, mayLoadMore: false });
  });
  it('is done when the total is reached even with a full page', () => {
    const pages = [answer(page(10), 10)];
    expect(nextPageParam(pages[0]!, pages, 0)).toBeUndefined();
  });
});

describe('relation state', () => {
  const run = (...events: OutcomeEvent[]) => events.reduce(nextOutcome, START);
  it('is ready once the chosen values or a page arrive, or a page fails', () => {
    expect(run()).toEqual({ status: 'loading', fetchFailed: false });
    expect(run({ type: 'chosenLoaded' }).status).toBe('ready');
    expect(run({ type: 'pageLoaded' }).status).toBe('ready');
    expect(run({ type: 'failed', page: true, status: 502 })).toEqual({ status: 'ready', fetchFailed: true });
    expect(run({ type: 'failed', page: false, status: 502 })).toEqual({ status: 'loading', fetchFailed: true });
  });
  it('a 403 means no permissions for good; the next page that arrives clears a failure', () => {
    expect(run({ type: 'pageLoaded' }, { type: 'failed', page: false, status: 403 }, { type: 'pageLoaded' })).toEqual({ status: 'noPermissions', fetchFailed: false });
    expect(run({ type: 'failed', page: true, status: 0 }, { type: 'pageLoaded' })).toEqual({ status: 'ready', fetchFailed: false });
  });
});

describe('relation Create/Edit gating', () => {
  const subject = (...permissions: string[]) => ({ is_admin: false, permissions });
  const base = { refs: ['shop/authors', 'aaaa-uuid'], type: 'one-to-one' as const, chosen: true, readOnly: false };
  it('Create with create permission on the related component (by ref or uuid)', () => {
    expect(relationButtons({ ...base, subject: subject('create shop/authors') }).create).toBe(true);
    expect(relationButtons({ ...base, subject: subject('Create AAAA-UUID') }).create).toBe(true);
    expect(relationButtons({ ...base, subject: subject('create other') }).create).toBe(false);
    expect(relationButtons({ ...base, subject: null }).create).toBe(false);
  });
  it('Edit only with update or edit permission, a chosen model, and not one-to-many', () => {
    expect(relationButtons({ ...base, subject: subject('update shop/authors') }).edit).toBe(true);
    expect(relationButtons({ ...base, subject: subject('edit shop/authors') }).edit).toBe(true);
    expect(relationButtons({ ...base, subject: subject('create shop/authors') }).edit).toBe(false);
    expect(relationButtons({ ...base, chosen: false, subject: subject('update shop/authors') }).edit).toBe(false);
    expect(relationButtons({ ...base, type: 'one-to-many', subject: subject('update shop/authors') }).edit).toBe(false);
  });
  it('admins pass; a read-only field shows neither', () => {
    expect(relationButtons({ ...base, subject: { is_admin: true, permissions: [] } })).toEqual({ create: true, edit: true });
    expect(relationButtons({ ...base, readOnly: true, subject: { is_admin: true, permissions: [] } })).toEqual({ create: false, edit: false });
  });
});
