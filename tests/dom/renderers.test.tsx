import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compile, field, renderForm, type FieldInput } from './harness';

const items = (...values: (string | number)[]) => ({ selectables: { items: values } });

/** One field of every module/type this issue renders, and the input each is found by. */
const EVERY: [FieldInput, string][] = [
  [field('title', 'input', 'text'), 'input[name="title"][type="text"]'],
  [field('email', 'input', 'email'), 'input[name="email"][type="email"]'],
  [field('caption', 'input', 'text_i18n'), 'input[name="caption.en_US"]'],
  [field('secret', 'input', 'password'), 'input[name="secret"][type="password"]'],
  [field('amount', 'input', 'number'), 'input[name="amount"][type="number"]'],
  [field('notes', 'text', 'default'), 'textarea[name="notes"]'],
  [field('colour', 'select', 'text', { constraints: items('red', 'green') }), 'select[name="colour"]'],
  [field('size', 'select', 'number', { constraints: { selectables: { items: [], range: { from: 1, to: 3 } } } }), 'select[name="size"]'],
  [field('due', 'picker', 'date'), 'input[name="due"][type="date"]'],
  [field('at', 'picker', 'time'), 'input[name="at"][type="time"]'],
  [field('tags', 'checkbox', 'text', { constraints: items('a', 'b') }), 'input[name="tags"][type="checkbox"][value="b"]'],
  [field('levels', 'checkbox', 'number', { constraints: items(1, 2) }), 'input[name="levels"][type="checkbox"][value="2"]'],
  [field('paid', 'checkbox', 'bool'), 'input[name="paid"][type="checkbox"]'],
  [field('kind', 'radio', 'text', { constraints: items('retail', 'wholesale') }), 'input[name="kind"][type="radio"][value="retail"]'],
  [field('rank', 'radio', 'number', { constraints: items(1, 2) }), 'input[name="rank"][type="radio"][value="2"]'],
  [field('meta', 'data', 'json'), 'textarea[name="meta"]'],
  [field('code', 'reference', 'text'), 'input[name="code"][readonly]'],
];

describe('the renderers of this issue', () => {
  it('mount for compiled fields, each input named by its key and labelled', () => {
    const { container } = renderForm({ view: compile(EVERY.map(([f]) => f)) });
    for (const [f, selector] of EVERY) {
      const input = container.querySelector(selector);
      expect(input, `${f.module}/${f.type}`).not.toBeNull();
      expect(container.querySelector(`[data-testid="unknown-field-${f.key}"]`)).toBeNull();
    }
    for (const label of ['Title', 'Email', 'Amount', 'Notes', 'Colour', 'Due', 'At', 'Meta', 'Code']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
    expect(screen.getByLabelText('Caption (English)')).toBeTruthy();
    expect(screen.getByRole('group', { name: /Tags/ })).toBeTruthy();
  });

  it('store the typed values with their types', () => {
    let model: Record<string, unknown> = {};
    const { container, form } = renderForm({ view: compile(EVERY.map(([f]) => f)) });
    const q = (s: string) => container.querySelector(s) as HTMLInputElement;
    fireEvent.change(q('input[name="caption.en_US"]'), { target: { value: 'Hello' } });
    fireEvent.change(q('input[name="amount"]'), { target: { value: '12.5' } });
    fireEvent.change(q('select[name="size"]'), { target: { value: '3' } });
    fireEvent.click(q('input[name="tags"][value="b"]'));
    fireEvent.click(q('input[name="levels"][value="2"]'));
    fireEvent.click(q('input[name="paid"]'));
    fireEvent.click(q('input[name="rank"][value="2"]'));
    fireEvent.change(q('textarea[name="meta"]'), { target: { value: '{"a": 1}' } });
    model = form().store.values();
    expect(model).toMatchObject({ caption: { locales: { en_US: 'Hello' } }, amount: 12.5, size: 3, tags: ['b'], levels: [2], paid: true, rank: 2, meta: { a: 1 } });
  });

  it('show a JSON parse error under the field and keep the last good value', () => {
    const { container, form } = renderForm({ view: compile([field('meta', 'data', 'json')]), record: { meta: { ok: true } } });
    fireEvent.change(container.querySelector('textarea[name="meta"]')!, { target: { value: '{"broken": ' } });
    expect(screen.getByTestId('field-error-meta').textContent).toMatch(/Invalid JSON/);
    expect(form().store.value('meta')).toEqual({ ok: true });
    expect(form().hasErrors()).toBe(true);
    fireEvent.change(container.querySelector('textarea[name="meta"]')!, { target: { value: '[1]' } });
    expect(screen.queryByTestId('field-error-meta')).toBeNull();
    expect(form().hasErrors()).toBe(false);
  });

  it('hide a field the user cannot see', () => {
    const view = compile([field('title', 'input', 'text'), field('secret_note', 'input', 'text', { roles: { see: ['role-x'], edit: null } })], { isAdmin: false, roles: ['role-y'] });
    const { container } = renderForm({ view });
    expect(container.querySelector('input[name="title"]')).not.toBeNull();
    expect(container.querySelector('input[name="secret_note"]')).toBeNull();
  });

  it('show the warning badge with its reason when read-only for the role or protected', () => {
    const view = compile(
      [
        field('title', 'input', 'text', { roles: { see: null, edit: ['role-x'] } }),
        field('code', 'input', 'text', { protected: true }),
        field('free', 'input', 'text'),
      ],
      { isAdmin: false, roles: ['role-y'], page: 'model_edit' },
    );
    const { container } = renderForm({ view, page: 'model_edit', record: { title: 'T', code: 'C' } });
    expect(screen.getByTestId('readonly-badge-title').getAttribute('title')).toMatch(/role/i);
    expect(screen.getByTestId('readonly-badge-code').getAttribute('title')).toMatch(/protected/i);
    expect(screen.queryByTestId('readonly-badge-free')).toBeNull();
    expect((container.querySelector('input[name="code"]') as HTMLInputElement).readOnly).toBe(true);
    expect((container.querySelector('input[name="free"]') as HTMLInputElement).readOnly).toBe(false);
  });

  it('apply the default value when the field is empty at mount, and not over a value', () => {
    const view = compile([field('status', 'input', 'text', { constraints: { default: 'new' } }), field('count', 'input', 'number', { constraints: { default: 3 } })]);
    const { container, form } = renderForm({ view, record: { status: '', count: 7 } });
    expect((container.querySelector('input[name="status"]') as HTMLInputElement).value).toBe('new');
    expect((container.querySelector('input[name="count"]') as HTMLInputElement).value).toBe('7');
    expect(form().dirty).toBe(false);
  });

  it('save an unticked yes/no checkbox as false, not null, on create and on edit of a record without it', () => {
    const view = compile([field('title', 'input', 'text'), field('paid', 'checkbox', 'bool')]);
    const created = renderForm({ view, record: null });
    const box = created.container.querySelector('input[name="paid"]') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(created.form().payload()).toMatchObject({ paid: false });
    fireEvent.click(box);
    expect(created.form().payload()).toMatchObject({ paid: true });
    created.unmount();

    const editView = compile([field('title', 'input', 'text'), field('paid', 'checkbox', 'bool')], { page: 'model_edit' });
    const edited = renderForm({ view: editView, page: 'model_edit', record: { title: 'T', paid: null } });
    expect(edited.form().payload()).toMatchObject({ paid: false });
  });

  it("show '__PASSWORD__' on the edit page and send nothing for it unless changed", () => {
    const view = compile([field('title', 'input', 'text'), field('secret', 'input', 'password')], { page: 'model_edit' });
    const { container, form } = renderForm({ view, page: 'model_edit', record: { title: 'T' } });
    const secret = container.querySelector('input[name="secret"]') as HTMLInputElement;
    expect(secret.value).toBe('__PASSWORD__');
    expect(form().payload()).toEqual({ title: 'T' });
    fireEvent.change(secret, { target: { value: 'n3w-secret' } });
    expect(form().payload()).toEqual({ title: 'T', secret: 'n3w-secret' });
  });

  it('validate on change and show translated messages with their values', () => {
    const view = compile([field('title', 'input', 'text', { constraints: { required: true, length: { min: 2, max: 5 }, not_allowed_words: 'spam' } })]);
    const { container, form } = renderForm({ view });
    const input = container.querySelector('input[name="title"]')!;
    fireEvent.change(input, { target: { value: 'toolong' } });
    expect(screen.getByTestId('field-error-title').textContent).toContain("Can't be more then 5 characters");
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'spam' } });
    expect(screen.getByTestId('field-error-title').textContent).toContain('Word spam is not allowed');
    fireEvent.change(input, { target: { value: 'ok' } });
    expect(screen.queryByTestId('field-error-title')).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    act(() => void form().validateAll());
    expect(screen.getByTestId('field-error-title').textContent).toContain('This is a required field');
  });

  it('puts server field errors (417) under their fields with their values', () => {
    const { form } = renderForm({ view: compile([field('title', 'input', 'text')]) });
    act(() => form().applyFieldErrors([{ field: 'title', messages: ['unique', 'cantBeMoreThenChars'], values: [null, { max: 9 }] }]));
    const list = screen.getByTestId('field-error-title').textContent ?? '';
    expect(list).toContain('This field must be unique');
    expect(list).toContain("Can't be more then 9 characters");
    expect(form().hasErrors()).toBe(true);
  });

  it('group fields in tabs by group', () => {
    renderForm({ view: compile([field('title', 'input', 'text'), field('notes', 'text', 'default', { group: 'extra' })]) });
    expect(screen.getByTestId('record-tab-general')).toBeTruthy();
    fireEvent.click(screen.getByTestId('record-tab-extra'));
    expect(screen.getByTestId('record-tab-extra').getAttribute('aria-selected')).toBe('true');
  });
});
