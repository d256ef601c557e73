// The record list's default columns at 1280 px (issue 29 item 7): the record's own fields first (the
// first one links to the record), the uuid last, widths by type that fit the 970 px the table gets
// beside the sidebar, the quick-edit icon kept in view at the right edge; the user's widths still win.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitWidths } from '../../renderers/screens/list/listLayout';
import { api, mount, rows, useListFixture } from './list-harness';

useListFixture();

/** The table's box is 970 px wide, as beside the sidebar on a 1280 px screen. */
const BOX = 970;

beforeEach(() => {
  api.plain = true;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'list-scroll' ? BOX : 0;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly cb: () => void) {}
      observe() { this.cb(); }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.restoreAllMocks());

const headers = () => within(screen.getByTestId('record-list')).getAllByRole('columnheader').map((th) => th.textContent?.trim() ?? '');
const widths = () => [...screen.getByTestId('record-list').querySelectorAll('col')].map((c) => Number.parseFloat(c.style.width));

describe('the default columns at 1280 px', () => {
  it('shows the fields first and the uuid last, with the first field linking to the record', async () => {
    mount();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const names = headers();
    expect(names.slice(1, 4)).toEqual(['Order no', 'Customer', 'Total']);
    expect(names.at(-2)).toMatch(/uuid/i);
    expect(names).toContain('Photo');
    expect(within(rows()[0]!).getAllByRole('link')[0]!.closest('td')!.dataset.column).toBe('order_no');
  });

  it('fits every column in the box, and keeps the quick edit pinned to the right edge', async () => {
    mount();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await waitFor(() => expect(widths().reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BOX));
    const quick = within(rows()[0]!).getByTestId('quick-edit').closest('td')!;
    expect(quick.className).toContain('actions-cell');
    expect(quick).toBe(rows()[0]!.lastElementChild);
  });
});

describe('fitWidths', () => {
  const cols = [
    { key: 'text', width: 160, min: 96 },
    { key: 'bool', width: 80, min: 64 },
    { key: 'date', width: 120, min: 96 },
  ];
  it("keeps each kind's width when they fit", () => {
    expect(fitWidths(cols, {}, 1000)).toEqual({ text: 160, bool: 80, date: 120 });
    expect(fitWidths(cols, {}, 0)).toEqual({ text: 160, bool: 80, date: 120 });
  });
  it('shrinks the others in proportion, not below their minimum, and the user’s own width wins', () => {
    expect(fitWidths(cols, {}, 300)).toEqual({ text: 133, bool: 66, date: 100 });
    expect(fitWidths(cols, {}, 270)).toEqual({ text: 110, bool: 64, date: 96 });
    expect(fitWidths(cols, { text: 400 }, 300)).toEqual({ text: 400, bool: 64, date: 96 });
  });
});
