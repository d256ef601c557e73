import { describe, expect, it } from 'vitest';
import { NAME_LIMIT, tileTitle, truncate, truncateCardName, truncateListItem, truncateTitle } from '../../../renderers/ui/truncate';
import { tileHref, tileInitial } from '../../../src/app/components/tileModel';

describe('name truncation (spec section 9)', () => {
  it('uses 15 in cards, 30 in titles, 50 for a list item, 12 for a tile', () => {
    expect(NAME_LIMIT).toEqual({ card: 15, title: 30, listItem: 50, tile: 12 });
    expect(truncateCardName('a'.repeat(16))).toBe(`${'a'.repeat(15)}…`);
    expect(truncateTitle('b'.repeat(31))).toBe(`${'b'.repeat(30)}…`);
    expect(truncateListItem('c'.repeat(51))).toBe(`${'c'.repeat(50)}…`);
  });

  it('leaves text at or under the limit alone', () => {
    expect(truncate('exactly', 7)).toBe('exactly');
    expect(truncateCardName('a'.repeat(15))).toBe('a'.repeat(15));
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });

  it('cuts a tile title to 12 only when it contains an underscore', () => {
    expect(tileTitle('customer_orders_archive')).toBe('customer_ord…');
    expect(tileTitle('Customer orders archive')).toBe('Customer orders archive');
    expect(tileTitle('short_name')).toBe('short_name');
  });
});

describe('home tile', () => {
  it('shows the first letter of the label when there is no icon', () => {
    expect(tileInitial('orders')).toBe('O');
    expect(tileInitial('  ščepan')).toBe('Š');
    expect(tileInitial('')).toBe('?');
  });

  it('opens apps in the app container and components in their list', () => {
    expect(tileHref({ id: 'app-1', type: 'platform-app' })).toBe('/a/app-1');
    expect(tileHref({ id: 'forge 2', type: 'forge-app' })).toBe('/a/forge%202');
    expect(tileHref({ id: 'shop/orders', type: 'component' })).toBe('/home/component/shop/orders');
  });
});
