// The item selects (select/text, select/number) on the light SelectButton and ComboInput (renderers/ui): a Select opened and picked by
// keyboard, a clear button, several values, a search box for long lists, a stored value outside the
// items kept visible, and custom values typed into a ComboBox.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compile, field, renderForm } from './harness';

const trigger = (key: string) => document.querySelector(`[data-field="${key}"] .select-trigger`) as HTMLButtonElement;
const listbox = () => screen.getByRole('listbox');
const optionTexts = () => within(listbox()).getAllByRole('option').map((o) => o.textContent);

describe('the item selects', () => {
  it('opens with the keyboard, moves with arrows, picks with Enter; the value keeps its type; Clear empties it', () => {
    const { form } = renderForm({ view: compile([field('size', 'select', 'number', { constraints: { selectables: { items: [], range: { from: 1, to: 3 } } } })]) });
    act(() => trigger('size').focus());
    fireEvent.keyDown(trigger('size'), { key: 'ArrowDown' });
    fireEvent.keyUp(trigger('size'), { key: 'ArrowDown' });
    expect(optionTexts()).toEqual(['1', '2', '3']);
    expect(document.activeElement?.textContent).toBe('1');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('3');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyUp(document.activeElement!, { key: 'Enter' });
    expect(form().store.value('size')).toBe(3);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger('size').textContent).toContain('3');
    fireEvent.click(screen.getByTestId('select-clear-size'));
    expect(form().store.value('size')).toBeNull();
  });

  it('multiple: options toggle into a list', () => {
    const { form } = renderForm({ view: compile([field('tags', 'select', 'text', { constraints: { selectables: { items: ['urgent', 'paid', 'gift'], multiple: true } } })]) });
    fireEvent.click(trigger('tags'));
    fireEvent.click(screen.getByRole('option', { name: 'gift' }));
    fireEvent.click(screen.getByRole('option', { name: 'urgent' }));
    expect(form().store.value('tags')).toEqual(['gift', 'urgent']);
    fireEvent.click(screen.getByRole('option', { name: 'gift' }));
    expect(form().store.value('tags')).toEqual(['urgent']);
    expect(screen.getByRole('option', { name: 'urgent' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a long list opens with a search box that filters it; a stored value outside the items stays listed', () => {
    const names = ['Austria', 'Belgium', 'Croatia', 'Denmark', 'Estonia', 'Finland', 'Greece', 'Hungary'];
    renderForm({ view: compile([field('country', 'select', 'text', { constraints: { selectables: { items: names } } })]), record: { country: 'Zanzibar' }, page: 'model_edit' });
    fireEvent.click(trigger('country'));
    expect(optionTexts()).toEqual(['Zanzibar', ...names]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ar' } });
    expect(optionTexts()).toEqual(['Zanzibar', 'Denmark', 'Hungary']);
  });

  it('custom values: the ComboBox takes typed text and suggests the items', () => {
    const { form, container } = renderForm({ view: compile([field('code', 'select', 'text', { constraints: { selectables: { items: [{ value: 'A1', label: 'Alpha' }, 'B2'], custom: true } } })]) });
    const input = container.querySelector('input[name="code"]') as HTMLInputElement;
    expect(input.getAttribute('role')).toBe('combobox');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'ZZ9' } });
    expect(form().store.value('code')).toBe('ZZ9');
    fireEvent.change(input, { target: { value: 'A' } });
    fireEvent.click(within(listbox()).getByText('Alpha'));
    expect(form().store.value('code')).toBe('A1');
    expect(input.value).toBe('A1');
  });
});
