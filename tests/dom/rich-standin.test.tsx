// The rich text field further down a long form: a focusable stand-in with the field's name until it
// comes near the viewport or takes the focus; then the editor loads, and a focused stand-in hands the
// focus to the editable. jsdom has no IntersectionObserver: a stand-in one is driven here.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compile, field, renderForm } from './harness';

const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class FakeObserver {
  targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    observed.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
}

beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('rich text stand-in', () => {
  // One test: once the editor's chunk is in, later editors draw at once (no stand-in).
  it('names the field; loads the editor when near the viewport, or on focus and then moves the focus into it', async () => {
    renderForm({
      view: compile([field('body', 'text', 'editor', { label: { en_US: 'Body' } }), field('notes', 'text', 'editor', { label: { en_US: 'Notes' } })]),
      record: { body: '<p>Hello</p>', notes: '<p>Hi</p>' },
    });
    const [body, notes] = await screen.findAllByTestId('rich-standin');
    expect(screen.queryByTestId('rich-editable')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Body' })).toBe(body);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBe(notes);
    expect(body!.tabIndex).toBe(0);

    await waitFor(() => expect(observed.some((o) => o.targets.includes(body!))).toBe(true));
    const observer = observed.find((o) => o.targets.includes(body!))!;
    act(() => observer.callback([{ isIntersecting: true, target: body! } as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
    expect((await screen.findByTestId('rich-editable')).textContent).toBe('Hello');
    expect(document.activeElement).not.toBe(screen.getByTestId('rich-editable'));

    act(() => notes!.focus());
    await waitFor(() => expect(screen.getAllByTestId('rich-editable')).toHaveLength(2));
    const editable = screen.getAllByTestId('rich-editable')[1]!;
    expect(editable.textContent).toBe('Hi');
    await waitFor(() => expect(document.activeElement).toBe(editable));
  });
});
