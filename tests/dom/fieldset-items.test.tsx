// fieldset/default in a record form: Edit opens the modal with Add and a card per item with a trash
// icon; sub-fields from custom_data drawn by the registry; invalidFields and the error flag block the
// save (form-blocked says why); the item check shows its messages after 500 ms.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile, field, renderForm } from './harness';

const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, label: { en_US: key[0]!.toUpperCase() + key.slice(1) }, module, type, constraints });
const people = (constraints: Record<string, unknown> = {}) =>
  field('people', 'fieldset', 'default', { constraints: { custom_data: [sub('name', 'input', 'text', { required: true }), sub('email', 'input', 'email')], ...constraints } });

const items = () => screen.queryAllByTestId('fieldset-item');
const itemInput = (index: number, name: string) => items()[index]!.querySelector(`input[name="${name}"]`) as HTMLInputElement;

afterEach(() => vi.useRealTimers());

describe('fieldset items', () => {
  it('Edit opens the modal; Add adds a card; the trash icon removes that item', () => {
    const { form } = renderForm({ view: compile([people()]), record: { people: [{ name: 'Ann', email: null }] } });
    expect(screen.getByTestId('fieldset-count').textContent).toBe('1 item');
    fireEvent.click(screen.getByTestId('fieldset-edit'));
    expect(screen.getByTestId('fieldset-modal').getAttribute('role')).toBe('dialog');
    expect(items()).toHaveLength(1);
    expect(itemInput(0, 'name').value).toBe('Ann');
    fireEvent.click(screen.getByTestId('fieldset-add'));
    expect(items()).toHaveLength(2);
    fireEvent.change(itemInput(1, 'name'), { target: { value: 'Bob' } });
    fireEvent.change(itemInput(1, 'email'), { target: { value: 'bob@example.com' } });
    expect(form().store.value('people')).toEqual([
      { name: 'Ann', email: null },
      { name: 'Bob', email: 'bob@example.com' },
    ]);
    fireEvent.click(within(items()[0]!).getByTestId('fieldset-item-delete'));
    expect(form().store.value('people')).toEqual([{ name: 'Bob', email: 'bob@example.com' }]);
    expect(items()).toHaveLength(1);
    expect(itemInput(0, 'name').value).toBe('Bob');
    fireEvent.click(screen.getByTestId('fieldset-close'));
    expect(screen.getByTestId('fieldset-count').textContent).toBe('1 item');
  });

  it('an invalid sub-field flags the field: invalidFields, form-blocked, validateAll refuses; fixing it unblocks', () => {
    vi.useFakeTimers();
    const { form } = renderForm({ view: compile([people(), field('title', 'input', 'text')]) });
    expect(screen.queryByTestId('form-blocked')).toBeNull();
    fireEvent.click(screen.getByTestId('fieldset-edit'));
    fireEvent.click(screen.getByTestId('fieldset-add'));
    // The rules run on the change: the field says invalidFields and Save is blocked, naming it.
    expect(screen.getByTestId('field-error-people').textContent).toBe('Some of the items are not valid');
    expect(screen.getByTestId('form-blocked').textContent).toContain('People');
    expect(form().hasErrors()).toBe(true);
    // The item check shows its messages in the card after 500 ms.
    expect(items()[0]!.getAttribute('aria-invalid')).toBeNull();
    act(() => void vi.advanceTimersByTime(500));
    expect(items()[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(within(items()[0]!).getByText('This is a required field')).toBeTruthy();
    let ok = true;
    act(() => void (ok = form().validateAll()));
    expect(ok).toBe(false);
    // Fixed: both flags go off at once (a fix never waits for the debounce).
    fireEvent.change(itemInput(0, 'name'), { target: { value: 'Ann' } });
    expect(screen.queryByTestId('field-error-people')).toBeNull();
    expect(screen.queryByTestId('form-blocked')).toBeNull();
    act(() => void (ok = form().validateAll()));
    expect(ok).toBe(true);
  });

  it('removing the invalid item unblocks the form', () => {
    vi.useFakeTimers();
    const { form } = renderForm({ view: compile([people()]), record: { people: [{ name: 'Ann' }] } });
    fireEvent.click(screen.getByTestId('fieldset-edit'));
    fireEvent.click(screen.getByTestId('fieldset-add'));
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getByTestId('form-blocked')).toBeTruthy();
    fireEvent.click(within(items()[1]!).getByTestId('fieldset-item-delete'));
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('form-blocked')).toBeNull();
    expect(form().hasErrors()).toBe(false);
  });

  it('when required, at least one item', () => {
    const { form } = renderForm({ view: compile([people({ required: true })]) });
    let ok = true;
    act(() => void (ok = form().validateAll()));
    expect(ok).toBe(false);
    expect(screen.getByTestId('field-error-people').textContent).toBe('This is a required field');
    expect(screen.getByTestId('form-blocked').textContent).toContain('People');
  });

  it('a control reporting through useFieldErrorFlag blocks the save until it clears', async () => {
    const { useFieldErrorFlag } = await import('../../renderers/form/errorFlags');
    const { rankWith, keyIs, RANK, defaultRenderers } = await import('../../renderers');
    const { useState } = await import('react');
    function Flagging({ field: f }: { field: { key: string } }) {
      const [bad, setBad] = useState(true);
      useFieldErrorFlag(f.key, bad);
      return <button type="button" data-testid="unflag" onClick={() => setBad(false)} />;
    }
    const entries = [...defaultRenderers, { tester: rankWith(RANK.exact + 1, keyIs('custom')), renderer: Flagging as never }];
    const { form } = renderForm({ view: compile([field('custom', 'input', 'text')]), entries });
    expect(screen.getByTestId('form-blocked').textContent).toContain('Custom');
    let ok = true;
    act(() => void (ok = form().validateAll()));
    expect(ok).toBe(false);
    fireEvent.click(screen.getByTestId('unflag'));
    expect(screen.queryByTestId('form-blocked')).toBeNull();
    act(() => void (ok = form().validateAll()));
    expect(ok).toBe(true);
  });
});
