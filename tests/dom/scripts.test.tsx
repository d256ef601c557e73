// Mutators and templates run in the sandbox (faked here): GET at init, SET on change, errors shown.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RunScript } from '../../renderers/form/scripts';
import { compile, field, renderForm } from './harness';

/** A tiny stand-in for the sandbox: the code names what to do. */
const fake: RunScript = async ({ label, code, args }) => {
  if (code === 'upper') return { ok: true, value: String(args.value ?? '').toUpperCase() };
  if (code === 'wrap') return { ok: true, value: `[${String(args.value)}]` };
  if (code === 'greet') return { ok: true, value: `Hello ${String((args.parent as Record<string, unknown>).name)}` };
  return { ok: false, error: `${label}: boom\n${code.slice(0, 200)}` };
};

describe('mutators and templates', () => {
  it('applies the GET mutator at init without marking the model changed', async () => {
    const view = compile([field('name', 'input', 'text', { mutators: { get: 'wrap', set: null } })], { page: 'model_edit' });
    const { container, form } = renderForm({ view, page: 'model_edit', record: { name: 'ann' }, runScript: fake });
    await waitFor(() => expect((container.querySelector('input[name="name"]') as HTMLInputElement).value).toBe('[ann]'));
    expect(form().dirty).toBe(false);
  });

  it('applies the SET mutator on change', async () => {
    const view = compile([field('name', 'input', 'text', { mutators: { get: null, set: 'upper' } })]);
    const { container, form } = renderForm({ view, runScript: fake });
    fireEvent.change(container.querySelector('input[name="name"]')!, { target: { value: 'bob' } });
    await waitFor(() => expect(form().store.value('name')).toBe('BOB'));
  });

  it('shows a mutator error in a dialog with OK', async () => {
    const view = compile([field('name', 'input', 'text', { mutators: { get: null, set: 'throw' } })]);
    const { container } = renderForm({ view, runScript: fake });
    fireEvent.change(container.querySelector('input[name="name"]')!, { target: { value: 'x' } });
    const dialog = await screen.findByTestId('script-error');
    await waitFor(() => expect(dialog.textContent).toContain('Mutator set of field name: boom'));
    fireEvent.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('script-error')).toBeNull());
  });

  it("shows a provided template's output, and a failing one's message in a red alert in place of the field", async () => {
    const view = compile([
      field('name', 'input', 'text'),
      field('hello', 'input', 'text', { provided_template: true, template: 'greet' }),
      field('broken', 'input', 'text', { provided_template: true, template: 'explode()' }),
    ]);
    const { container } = renderForm({ view, record: { name: 'Ann' }, runScript: fake });
    await waitFor(() => expect(screen.getByTestId('field-template-hello').textContent).toContain('Hello Ann'));
    const alert = await waitFor(() => screen.getByTestId('field-template-broken').querySelector('[role="alert"]')!);
    expect(alert.textContent).toContain('Template of field broken: boom');
    expect(container.querySelector('input[name="broken"]')).toBeNull();
  });
});
