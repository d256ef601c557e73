// The record list's own menu, popover and tooltip (renderers/ui MenuButton, PopoverButton, Hint), which
// replaced react-aria's there: the keyboard use a user had with react-aria's still works.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from '../../renderers/ui/Hint';
import { MenuButton, type MenuAction } from '../../renderers/ui/MenuButton';
import { PopoverButton } from '../../renderers/ui/PopoverButton';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function menu(onAction: (id: string) => void) {
  const items: MenuAction[] = ['Import', 'Export page', 'Export CSV', 'Export JSON'].map((label, i) => ({
    id: `item-${i}`,
    label,
    action: () => onAction(`item-${i}`),
    disabled: i === 1,
    separated: i === 1,
  }));
  render(<MenuButton label="Import and export" icon={<span>…</span>} items={items} testId="more" />);
  return screen.getByTestId('more');
}

describe('the light menu button', () => {
  it('opens on Arrow Down at the first item, skips a disabled one, runs an item with Enter and gives the focus back', () => {
    const ran: string[] = [];
    const trigger = menu((id) => ran.push(id));
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem')).toHaveLength(4);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('item-0'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('item-2'));
    expect(screen.getByTestId('item-1').getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('item-3'));
    fireEvent.keyDown(document.activeElement!, { key: 'e' });
    expect(document.activeElement).toBe(screen.getByTestId('item-2'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(ran).toEqual(['item-2']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('opens on Arrow Up at the last item; Escape and a press outside close it', () => {
    const trigger = menu(() => undefined);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('item-3'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    expect(screen.getByRole('menu').getAttribute('aria-label')).toBe('Import and export');
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('the light popover button', () => {
  it('moves the focus into its dialog, keeps Tab inside, and Escape brings it back to the button', () => {
    render(
      <PopoverButton label="Columns" trigger="Columns" testId="columns" dialogTestId="chooser">
        <input aria-label="first" />
        <button type="button">last</button>
      </PopoverButton>,
    );
    const trigger = screen.getByTestId('columns');
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Columns' });
    expect(document.activeElement).toBe(dialog);
    const last = screen.getByText('last');
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('first'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('chooser')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('the light tooltip', () => {
  it('shows after 400 ms of hover and describes its trigger while shown; leaving hides it', () => {
    vi.useFakeTimers();
    render(<Hint label="Workflow">{(hint) => <a href="/w" aria-label="Workflow" data-testid="link" {...hint} />}</Hint>);
    const link = screen.getByTestId('link');
    fireEvent.mouseEnter(link);
    act(() => void vi.advanceTimersByTime(399));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Workflow');
    expect(link.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.mouseLeave(link);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
