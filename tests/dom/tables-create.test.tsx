// table/default in a record form: the Create modal (Save closes, Save & Continue stays, the model
// resets after each save), fieldsNotValid on create errors (the sub-field rules of the shared set).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compile, field, renderForm } from './harness';

const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, label: { en_US: key[0]!.toUpperCase() + key.slice(1) }, module, type, constraints });
const table = (extra: Record<string, unknown> = {}) =>
  field('lines', 'table', 'default', {
    constraints: { table: { search: true, fields: [sub('title', 'input', 'text', { required: true, length: { min: 2, max: 20 } }), sub('qty', 'input', 'number')] }, ...extra },
  });

const modal = () => screen.getByTestId('table-modal');
const modalInput = (name: string) => modal().querySelector(`input[name="${name}"]`) as HTMLInputElement;
const isOpen = () => screen.queryByTestId('table-modal') !== null;

function typeRow(title: string, qty: string) {
  fireEvent.change(modalInput('title'), { target: { value: title } });
  fireEvent.change(modalInput('qty'), { target: { value: qty } });
}

describe('table create modal', () => {
  it('draws the sub-fields with the registry renderers', () => {
    renderForm({ view: compile([table()]) });
    fireEvent.click(screen.getByTestId('table-create'));
    expect(isOpen()).toBe(true);
    expect(modalInput('title').type).toBe('text');
    expect(modalInput('qty').type).toBe('number');
  });

  it('Save adds the row and closes; the model is reset for the next create', () => {
    const { form } = renderForm({ view: compile([table()]) });
    fireEvent.click(screen.getByTestId('table-create'));
    typeRow('Chair', '4');
    fireEvent.click(screen.getByTestId('table-save'));
    expect(isOpen()).toBe(false);
    expect(form().store.value('lines')).toEqual([{ title: 'Chair', qty: 4 }]);
    expect(screen.getAllByTestId('table-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('table-create'));
    expect(modalInput('title').value).toBe('');
    expect(modalInput('qty').value).toBe('');
  });

  it('Save & Continue adds the row, stays open and resets the model', () => {
    const { form } = renderForm({ view: compile([table()]) });
    fireEvent.click(screen.getByTestId('table-create'));
    typeRow('Chair', '4');
    fireEvent.click(screen.getByTestId('table-save-continue'));
    expect(isOpen()).toBe(true);
    expect(modalInput('title').value).toBe('');
    typeRow('Desk', '1');
    fireEvent.click(screen.getByTestId('table-save-continue'));
    expect(form().store.value('lines')).toEqual([
      { title: 'Chair', qty: 4 },
      { title: 'Desk', qty: 1 },
    ]);
    expect(screen.getAllByTestId('table-row')).toHaveLength(2);
  });

  it('create errors show fieldsNotValid and the sub-field messages; nothing is added', () => {
    const { form } = renderForm({ view: compile([table()]) });
    fireEvent.click(screen.getByTestId('table-create'));
    typeRow('x', '1');
    fireEvent.click(screen.getByTestId('table-save'));
    expect(isOpen()).toBe(true);
    expect(screen.getByTestId('table-create-error').textContent).toBe('Some fields are not valid.');
    expect(within(modal()).getByText("Can't be less then 2 characters")).toBeTruthy();
    expect(form().store.value('lines') ?? null).toBeNull();
    // Fixing the value clears the message; the save goes through.
    fireEvent.change(modalInput('title'), { target: { value: 'Lamp' } });
    expect(screen.queryByTestId('table-create-error')).toBeNull();
    fireEvent.click(screen.getByTestId('table-save'));
    expect(form().store.value('lines')).toEqual([{ title: 'Lamp', qty: 1 }]);
  });

  it('Enter in a modal input does not submit the record form', () => {
    let submitted = 0;
    renderForm({ view: compile([table()]) });
    screen.getByTestId('record-form').addEventListener('submit', () => (submitted += 1));
    fireEvent.click(screen.getByTestId('table-create'));
    const event = fireEvent.keyDown(modalInput('title'), { key: 'Enter' });
    expect(event).toBe(false); // default prevented
    expect(submitted).toBe(0);
  });

  it('read-only for the role: rows shown, no Create and no delete', () => {
    renderForm({ view: compile([table({})].map((f) => ({ ...f, roles: { see: null, edit: ['someone-else'] } })), { isAdmin: false, roles: ['r1'] }), record: { lines: [{ title: 'A', qty: 1 }] } });
    expect(screen.getAllByTestId('table-row')).toHaveLength(1);
    expect(screen.queryByTestId('table-create')).toBeNull();
    expect(screen.queryByTestId('table-row-delete')).toBeNull();
  });
});
