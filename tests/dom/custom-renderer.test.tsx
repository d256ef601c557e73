// docs/custom-renderers.md: the example renderer, concatenated with a higher rank, wins and renders.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultRenderers, dispatch } from '../../renderers';
import { ColourSwatchControl, colourSwatchEntry } from '../../renderers/examples/ColourSwatch';
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
