// The image select (a grid of tiles, keyboard selectable, single or multiple) and the external select
// (options from a sandboxed expression with context, keyword and page, debounced 500 ms).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../runtime/script';
import type { RunScript } from '../../renderers/form/scripts';
import { EXTERNAL_DEBOUNCE_MS } from '../../renderers/controls/select/External';
import { compile, field, renderForm } from './harness';
import { stubIntersectionObserver } from './intersection';
import { withFakeTimeouts } from './timers';

const images = {
  selectables: {
    items: [
      { value: 'cat', label: 'Cat', image: '/img/cat.png' },
      { value: 'dog', label: 'Dog', image: '/img/dog.png' },
      { value: 'owl', label: { en_US: 'Owl' }, image: '/img/owl.png' },
    ],
  },
};
const tiles = () => screen.getAllByTestId('image-option');
const pressed = () => tiles().filter((t) => t.getAttribute('aria-pressed') === 'true').map((t) => t.dataset.value);

describe('the image select', () => {
  it('shows a tile per item with its image; a click picks one, a second click clears it', () => {
    const { form, container } = renderForm({ view: compile([field('pet', 'select', 'image', { constraints: images })]) });
    expect(screen.getByTestId('image-select')).toBeTruthy();
    expect(tiles().map((t) => t.dataset.value)).toEqual(['cat', 'dog', 'owl']);
    expect([...container.querySelectorAll('.image-option img')].map((img) => img.getAttribute('src'))).toEqual(['/img/cat.png', '/img/dog.png', '/img/owl.png']);
    expect(tiles()[2]!.textContent).toContain('Owl');
    fireEvent.click(tiles()[1]!);
    expect(form().store.value('pet')).toBe('dog');
    expect(pressed()).toEqual(['dog']);
    fireEvent.click(tiles()[0]!);
    expect(form().store.value('pet')).toBe('cat');
    fireEvent.click(tiles()[0]!);
    expect(form().store.value('pet')).toBeNull();
  });

  it('is keyboard selectable: arrows move the focus (one tab stop), Space and Enter pick', () => {
    const { form } = renderForm({ view: compile([field('pet', 'select', 'image', { constraints: images })]), record: { pet: 'dog' }, page: 'model_edit' });
    expect(tiles().map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    tiles()[1]!.focus();
    fireEvent.keyDown(tiles()[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tiles()[2]);
    fireEvent.keyDown(tiles()[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tiles()[0]);
    fireEvent.keyDown(tiles()[0]!, { key: 'End' });
    expect(document.activeElement).toBe(tiles()[2]);
    // A native button picks on Enter and Space (a click); jsdom needs the click itself.
    fireEvent.click(document.activeElement!);
    expect(form().store.value('pet')).toBe('owl');
  });

  it('multiple: tiles toggle into a list', () => {
    const { form } = renderForm({ view: compile([field('pets', 'select', 'image', { constraints: { selectables: { ...images.selectables, multiple: true } } })]) });
    fireEvent.click(tiles()[2]!);
    fireEvent.click(tiles()[0]!);
    expect(form().store.value('pets')).toEqual(['owl', 'cat']);
    expect(pressed()).toEqual(['cat', 'owl']);
    fireEvent.click(tiles()[2]!);
    expect(form().store.value('pets')).toEqual(['cat']);
  });

  it('required: an empty value is required; a stored value not among the items is invalidSelection', () => {
    const { form } = renderForm({ view: compile([field('pet', 'select', 'image', { constraints: { ...images, required: true } })]), record: { pet: 'fox' }, page: 'model_edit' });
    let ok = true;
    act(() => {
      ok = form().validateAll();
    });
    expect(ok).toBe(false);
    expect(screen.getByTestId('field-error-pet').textContent).toContain('Invalid selection');
  });
});

describe('the external select', () => {
  const sandbox = createSandbox({ prewarm: false });
  afterAll(() => sandbox.dispose());
  const calls: Record<string, unknown>[] = [];
  const runScript: RunScript = async (request) => {
    calls.push(request.args);
    return sandbox.run(request);
  };
  const expression = `
    const all = ['Apple', 'Apricot', 'Banana', 'Blueberry', 'Cherry'];
    const found = all.filter((name) => name.toLowerCase().includes(keyword.toLowerCase()));
    return found.slice((page - 1) * 2, page * 2).map((name) => ({ value: name.toLowerCase(), label: name + ' @' + context.field }));
  `;
  const options = () => screen.queryAllByTestId('external-option');

  it('shows the options the sandboxed expression returns, searches debounced 500 ms, pages with More', async () => {
    calls.length = 0;
    const { form } = renderForm({ view: compile([field('fruit', 'select', 'external', { constraints: { custom_data: expression } })]), runScript });
    expect(screen.getByTestId('external-select')).toBeTruthy();
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Apple @fruit', 'Apricot @fruit']));
    expect(calls[0]).toMatchObject({ keyword: '', page: 1, context: { field: 'fruit' } });

    fireEvent.click(screen.getByTestId('external-more'));
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(calls.at(-1)).toMatchObject({ page: 2 });

    const before = calls.length;
    const search = screen.getByTestId('external-search');
    withFakeTimeouts((advance) => {
      fireEvent.change(search, { target: { value: 'b' } });
      advance(EXTERNAL_DEBOUNCE_MS - 1);
      fireEvent.change(search, { target: { value: 'bl' } }); // starts the wait again
      advance(EXTERNAL_DEBOUNCE_MS - 1);
      expect(calls.length).toBe(before);
      advance(1);
      expect(calls.length).toBe(before + 1);
    });
    await waitFor(() => expect(options().map((o) => o.dataset.value)).toEqual(['blueberry']));
    expect(calls.slice(before)).toEqual([expect.objectContaining({ keyword: 'bl', page: 1 })]);

    fireEvent.click(options()[0]!);
    expect(form().store.value('fruit')).toBe('blueberry');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it("shows the expression's error in the field", async () => {
    renderForm({ view: compile([field('fruit', 'select', 'external', { constraints: { custom_data: 'throw new Error("feed down")' } })]), runScript });
    await waitFor(() => expect(screen.getByTestId('field-error-fruit').textContent).toContain('feed down'));
    expect(within(screen.getByTestId('external-select')).queryAllByTestId('external-option')).toHaveLength(0);
  });

  it('runs the expression only once the field comes near the viewport, or takes the focus', async () => {
    const observer = stubIntersectionObserver();
    try {
      calls.length = 0;
      const first = renderForm({ view: compile([field('fruit', 'select', 'external', { constraints: { custom_data: expression } })]), runScript });
      const select = await screen.findByTestId('external-select');
      await observer.watched(select);
      expect(calls).toHaveLength(0);
      expect(screen.queryByText('No results')).toBeNull(); // nothing said about options not yet asked
      observer.bringNear(select);
      await waitFor(() => expect(options()).toHaveLength(2));
      expect(calls).toHaveLength(1);
      first.unmount();

      calls.length = 0;
      renderForm({ view: compile([field('fruit', 'select', 'external', { constraints: { custom_data: expression } })]), runScript });
      const search = await screen.findByTestId('external-search');
      expect(calls).toHaveLength(0);
      fireEvent.focus(search);
      await waitFor(() => expect(options()).toHaveLength(2));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
