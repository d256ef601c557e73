// The field dialog's constraints and the record form agree on Required: a date field, which the form
// always asks for (spec section 5), shows Required ticked and fixed with the reason; other fields follow
// their tick.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConstraintsEditor } from '../../src/app/features/components/settings/fields/ConstraintsEditor';
import type { FieldPartProps } from '../../src/app/features/components/settings/fields/FieldDialog';
import { compile, field, renderForm, withIntl } from './harness';

function editor(module: string, type: string) {
  const change = vi.fn();
  const draft = { name: 'Order Date', key: 'order_date', module, type, constraints: { required: false } } as unknown as FieldPartProps['draft'];
  render(withIntl(<ConstraintsEditor draft={draft} change={change} errors={{}} existing={false} />));
  return { change, required: document.querySelector<HTMLInputElement>('input[name="field.constraints.required"]')! };
}

describe('Required in the field dialog', () => {
  it('is ticked and fixed for a date field, with the reason', () => {
    const { required } = editor('picker', 'date');
    expect(required.checked).toBe(true);
    expect(required.disabled).toBe(true);
    expect(screen.getByText('A date field is always required: the record form asks for it whenever it is empty.')).toBeTruthy();
  });

  it('follows the tick for a datetime field, as the form does', () => {
    const { required, change } = editor('picker', 'datetime');
    expect(required.checked).toBe(false);
    expect(required.disabled).toBe(false);
    fireEvent.click(required);
    expect(change).toHaveBeenCalledWith({ constraints: { required: true } });
  });
});

describe('Required in the record form', () => {
  it('marks the date field (always required) and not an unticked datetime', () => {
    const view = compile([field('order_date', 'picker', 'date'), field('shipped_at', 'picker', 'datetime')]);
    renderForm({ view });
    const marks = [...document.querySelectorAll('.required-mark')].map((mark) => mark.closest('label, legend, .field')?.textContent ?? '');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toContain('Order_date');
  });
});
