// The filter panels of the list close like popovers: on a press outside and on Escape.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from '../../renderers/ui/Disclosure';

function mount() {
  render(
    <div>
      <Disclosure className="panel">
        <summary data-testid="summary">Filters</summary>
        <label>
          From <input data-testid="inside" />
        </label>
      </Disclosure>
      <button type="button" data-testid="outside">
        elsewhere
      </button>
    </div>,
  );
  return screen.getByTestId('summary').parentElement as HTMLDetailsElement;
}

describe('Disclosure', () => {
  afterEach(cleanup);

  it('stays open for presses inside and closes on a press outside', () => {
    const details = mount();
    details.open = true;
    fireEvent.pointerDown(screen.getByTestId('inside'));
    expect(details.open).toBe(true);
    fireEvent.pointerDown(screen.getByTestId('outside'));
    expect(details.open).toBe(false);
  });

  it('closes on Escape and gives focus back to its summary', () => {
    const details = mount();
    details.open = true;
    screen.getByTestId('inside').focus();
    fireEvent.keyDown(screen.getByTestId('inside'), { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('summary'));
  });
});
