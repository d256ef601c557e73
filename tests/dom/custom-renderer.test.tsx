// docs/custom-renderers.md: the example renderer, concatenated with a higher rank, wins and renders.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultRenderers, dispatch } from '../../renderers';
import { ColourSwatchControl, colourSwatchEntry } from '../../renderers/examples/ColourSwatch';
import { lazyControl } from '../../renderers/plugin';
import { compile, field, renderForm } from './harness';

describe('a custom renderer (docs/custom-renderers.md)', () => {
  const view = compile([
    field('colour', 'select', 'text', { constraints: { selectables: { items: ['red', 'green'] } } }),
    field('size', 'select', 'text', { constraints: { selectables: { items: ['s', 'm'] } } }),
  ]);
  const entries = [...defaultRenderers, colourSwatchEntry];

  it('wins dispatch for its field only', () => {
    expect(dispatch(entries, view.fields[0]!).renderer).toBe(ColourSwatchControl);
    expect(dispatch(entries, view.fields[1]!).renderer).not.toBe(ColourSwatchControl);
  });

  it('renders in the form and sets the value', () => {
    const { container, form } = renderForm({ view, entries });
    expect(screen.getByTestId('colour-swatch')).toBeTruthy();
    expect(container.querySelector('select[name="size"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'green' }));
    expect(form().store.value('colour')).toBe('green');
  });
});

describe('a lazy plugin entry (lazyControl, renderers/plugin.ts)', () => {
  const view = compile([field('colour', 'select', 'text', { constraints: { selectables: { items: ['red', 'green'] } } })]);

  it('imports its component only when a form draws the field, then renders it and sets the value', async () => {
    let imported = 0;
    const entry = lazyControl('colour (lazy)', colourSwatchEntry.tester, async () => {
      imported += 1;
      return ColourSwatchControl;
    });
    expect(imported).toBe(0);
    expect(dispatch([...defaultRenderers, entry], view.fields[0]!).renderer).toBe(entry.renderer);
    const { form } = renderForm({ view, entries: [...defaultRenderers, entry] });
    expect(await screen.findByTestId('colour-swatch')).toBeTruthy();
    expect(imported).toBe(1);
    fireEvent.click(screen.getByRole('radio', { name: 'green' }));
    expect(form().store.value('colour')).toBe('green');
  });
});
