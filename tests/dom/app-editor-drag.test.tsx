// The page editor's reordering by dragging (docs/apps.md "The screens"): a page row dropped on another
// takes its place, as does a block; a row dropped on itself or a drop with nothing dragged changes
// nothing; movedTo keeps every item once.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDefinition } from '../../runtime/api/apps';
import { PagesEditor } from '../../src/app/features/apps/AppEditorPage';
import { movedTo } from '../../src/app/features/apps/dragReorder';
import { withIntl } from './harness';

const text = (html: string) => ({ kind: 'text' as const, html });
const START: AppDefinition = {
  pages: [
    { id: 'one', title: 'One', path: 'one', blocks: [text('<p>first</p>'), text('<p>second</p>'), text('<p>third</p>')] },
    { id: 'two', title: 'Two', path: 'two', blocks: [] },
    { id: 'three', title: 'Three', path: 'three', blocks: [] },
  ],
  menu: [],
};

let latest: AppDefinition = START;
function Harness() {
  const [draft, setDraft] = useState(START);
  latest = draft;
  return <PagesEditor draft={draft} onChange={setDraft} />;
}

function mount() {
  vi.stubGlobal('fetch', async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><Harness /></QueryClientProvider>));
}
afterEach(() => vi.unstubAllGlobals());

/** A drag of `from` dropped on `to`, as the browser sends it. */
function drag(from: HTMLElement, to: HTMLElement) {
  const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(from, { dataTransfer });
  fireEvent.dragOver(to, { dataTransfer });
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

describe('the page editor, dragged', () => {
  it('a page dropped on another takes its place; a block likewise; a drop on itself changes nothing', () => {
    mount();
    const pages = () => screen.getAllByTestId('app-editor-page-row');
    expect(pages()[0]!.getAttribute('draggable')).toBe('true');
    drag(pages()[2]!, pages()[0]!);
    expect(latest.pages.map((page) => page.id)).toEqual(['three', 'one', 'two']);
    drag(pages()[1]!, pages()[1]!);
    expect(latest.pages.map((page) => page.id)).toEqual(['three', 'one', 'two']);
    // A drop with nothing dragged (a file from the desktop) is not taken.
    fireEvent.drop(pages()[0]!, { dataTransfer: { setData: vi.fn() } });
    expect(latest.pages.map((page) => page.id)).toEqual(['three', 'one', 'two']);
    fireEvent.click(screen.getByRole('button', { name: 'One' }));
    const blocks = () => screen.getAllByTestId('app-editor-block');
    drag(blocks()[0]!, blocks()[2]!);
    expect(latest.pages[1]!.blocks).toEqual([text('<p>second</p>'), text('<p>third</p>'), text('<p>first</p>')]);
  });
});

describe('movedTo', () => {
  it('moves one item to the index asked, every item kept once, the others in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.nat(25), fc.nat(25), (items, from, to) => {
        const next = movedTo(items, from, to);
        expect([...next].sort()).toEqual([...items].sort());
        if (from < items.length && to < items.length) {
          expect(next[to]).toBe(items[from]);
          expect(next.filter((_, i) => i !== to)).toEqual(items.filter((_, i) => i !== from));
        } else expect(next).toEqual(items);
      }),
    );
  });
});
