// The rich text field further down a long form: a focusable stand-in with the field's name until it
// comes near the viewport or takes the focus; then the editor loads, and a focused stand-in hands the
// focus to the editable (IntersectionObserver driven by the test: intersection.ts).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compile, field, renderForm } from './harness';
import { stubIntersectionObserver } from './intersection';

let observer: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  observer = stubIntersectionObserver();
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

    await observer.watched(body!);
    observer.bringNear(body!);
    expect((await screen.findByTestId('rich-editable')).textContent).toBe('Hello');
    expect(document.activeElement).not.toBe(screen.getByTestId('rich-editable'));

    act(() => notes!.focus());
    await waitFor(() => expect(screen.getAllByTestId('rich-editable')).toHaveLength(2));
    const editable = screen.getAllByTestId('rich-editable')[1]!;
    expect(editable.textContent).toBe('Hi');
    await waitFor(() => expect(document.activeElement).toBe(editable));
  });
});
