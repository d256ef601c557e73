// The app definition's rules (runtime/api/apps.ts) and the admin screens' pure edits of it
// (src/app/features/apps/pageDraft.ts): what is refused and where, the menu's pages, paths from titles.
import { describe, expect, it } from 'vitest';
import { APP_LIMITS, checkAppDefinition, menuPages, type AppDefinition } from '../../../runtime/api/apps';
import { addPage, menuInPageOrder, moved, pathFromTitle, removePage } from '../../../src/app/features/apps/pageDraft';

const page = (id: string, title = id) => ({ id, title, path: id, blocks: [] });
const fields = (value: unknown) => checkAppDefinition(value).errors.map((error) => `${error.field}:${error.messages[0]}`);

describe('app definition rules', () => {
  it('accepts pages with component and text blocks and a menu of their ids', () => {
    const value = { pages: [{ ...page('a'), blocks: [{ kind: 'component', ref: 'shop/orders', entrypoint: 'create' }, { kind: 'text', html: '<p>x</p>' }] }], menu: [{ page: 'a', label: 'Start' }] };
    expect(checkAppDefinition(value)).toEqual({ definition: value, errors: [] });
  });

  it('accepts a widget block by its uuid (lower-cased) and refuses one without a uuid, with another value or with unknown keys', () => {
    const uuid = '0F8FAD5B-D9CB-469F-A165-70867728950E';
    expect(checkAppDefinition({ pages: [{ ...page('a'), blocks: [{ kind: 'widget', widget: uuid }] }], menu: [] })).toEqual({
      definition: { pages: [{ ...page('a'), blocks: [{ kind: 'widget', widget: uuid.toLowerCase() }] }], menu: [] },
      errors: [],
    });
    expect(fields({ pages: [{ ...page('a'), blocks: [{ kind: 'widget' }, { kind: 'widget', widget: 'sales' }, { kind: 'widget', widget: uuid, ref: 'x' }, { kind: 'widget', widget: 7 }] }], menu: [] })).toEqual([
      'definition.pages[0].blocks[0].widget:identityField.requiredField',
      'definition.pages[0].blocks[1].widget:invalidSelection',
      'definition.pages[0].blocks[2].ref:invalidInput',
      'definition.pages[0].blocks[3].widget:invalidInput',
    ]);
    expect(checkAppDefinition({ pages: [{ ...page('a'), blocks: [{ kind: 'widget', widget: 'sales' }] }], menu: [] }).definition.pages[0]!.blocks).toEqual([]);
  });

  it('refuses what is not an object, unknown keys at every level, and missing ids, titles and paths', () => {
    expect(fields(null)).toEqual(['definition:invalidInput']);
    expect(fields([])).toEqual(['definition:invalidInput']);
    expect(fields({ pages: [{ ...page('a'), extra: 1, blocks: [{ kind: 'text', html: '', style: 'x' }] }], menu: [{ page: 'a', icon: 'x' }] })).toEqual([
      'definition.pages[0].extra:invalidInput',
      'definition.pages[0].blocks[0].style:invalidInput',
      'definition.menu[0].icon:invalidInput',
    ]);
    expect(fields({ pages: [{ blocks: [] }] })).toEqual(['definition.pages[0].id:identityField.requiredField', 'definition.pages[0].title:identityField.requiredField', 'definition.pages[0].path:identityField.requiredField']);
  });

  it('refuses bad patterns, repeats, kinds, entrypoints, menu pages and sizes', () => {
    expect(fields({ pages: [{ id: 'a b', title: 't', path: 'Has Caps', blocks: [] }] })).toEqual(['definition.pages[0].id:invalidInput', 'definition.pages[0].path:invalidInput']);
    expect(fields({ pages: [page('a'), { ...page('a'), path: 'b' }] })).toEqual(['definition.pages[1].id:fieldWithSameNameOrKeyExists']);
    expect(fields({ pages: [{ ...page('a'), blocks: [{ kind: 'chart' }, { kind: 'component', ref: '' }, { kind: 'component', ref: 'x', entrypoint: 'default' }] }] })).toEqual([
      'definition.pages[0].blocks[0].kind:invalidSelection',
      'definition.pages[0].blocks[1].ref:identityField.requiredField',
      'definition.pages[0].blocks[2].entrypoint:invalidSelection',
    ]);
    expect(fields({ pages: [page('a')], menu: [{ page: 'b' }] })).toEqual(['definition.menu[0].page:invalidSelection']);
    expect(fields({ pages: Array.from({ length: APP_LIMITS.pages + 1 }, (_, i) => page(`p${i}`)) })).toEqual(['definition.pages:cantBeMoreThenChars']);
    expect(fields({ pages: [{ ...page('a'), title: 't'.repeat(APP_LIMITS.titleMax + 1) }] })).toEqual(['definition.pages[0].title:cantBeMoreThenChars']);
  });

  it('shows every page without a menu, else the menu\'s pages in its order with its labels', () => {
    const definition: AppDefinition = { pages: [page('a', 'A'), page('b', 'B')], menu: [] };
    expect(menuPages(definition).map((entry) => entry.label)).toEqual(['A', 'B']);
    expect(menuPages({ ...definition, menu: [{ page: 'b', label: 'Bee' }, { page: 'gone' }] }).map((entry) => entry.label)).toEqual(['Bee']);
  });
});

describe('page edits of the admin screens', () => {
  it('makes a unique path from a title', () => {
    expect(pathFromTitle('Open Tickets!', [])).toBe('open-tickets');
    expect(pathFromTitle('Open tickets', ['open-tickets', 'open-tickets-2'])).toBe('open-tickets-3');
    expect(pathFromTitle('???', [])).toBe('page');
  });

  it('adds a page with its blocks, keeps an empty menu empty and a listing menu complete', () => {
    const empty: AppDefinition = { pages: [], menu: [] };
    const added = addPage(empty, { title: 'Orders', component: 'shop/orders', entrypoint: 'list', text: ' <p>Hi</p> ' });
    expect(added).toEqual({ pages: [{ id: 'orders', title: 'Orders', path: 'orders', blocks: [{ kind: 'component', ref: 'shop/orders' }, { kind: 'text', html: '<p>Hi</p>' }] }], menu: [] });
    const withMenu = addPage({ ...added, menu: [{ page: 'orders' }] }, { title: 'New', component: 'x', entrypoint: 'create', text: '' });
    expect(withMenu.menu).toEqual([{ page: 'orders' }, { page: 'new' }]);
    expect(withMenu.pages[1]!.blocks).toEqual([{ kind: 'component', ref: 'x', entrypoint: 'create' }]);
    expect(removePage(withMenu, 'orders')).toEqual({ pages: [withMenu.pages[1]], menu: [{ page: 'new' }] });
  });

  it('moves within bounds and puts a listing menu in the pages\' order', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 5)).toEqual(['a', 'c', 'b']);
    const definition: AppDefinition = { pages: [page('b'), page('a')], menu: [{ page: 'a', label: 'First' }, { page: 'b' }] };
    expect(menuInPageOrder(definition).menu).toEqual([{ page: 'b' }, { page: 'a', label: 'First' }]);
    expect(menuInPageOrder({ ...definition, menu: [] }).menu).toEqual([]);
  });
});
