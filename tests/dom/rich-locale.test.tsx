// The multi-language editor (input/text_i18n and text/editor_i18n): the locale dropdown, the Edit
// entry opening the Locales sidebar with multi-select, the default locale and per-locale values.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compile, field, renderForm } from './harness';

const select = () => screen.getByTestId('locale-select') as HTMLSelectElement;
const choose = (value: string) => act(async () => void fireEvent.change(select(), { target: { value } }));
const options = () => [...select().options].map((o) => o.value);
const localeOption = (code: string) => screen.getAllByTestId('locale-option').find((o) => (o as HTMLInputElement).value === code) as HTMLInputElement;

describe('input/text_i18n', () => {
  it('opens on en_US with an Edit entry; the sidebar adds a locale; each locale has its own text', async () => {
    const { container, form } = renderForm({ view: compile([field('caption', 'input', 'text_i18n')]) });
    expect(select().value).toBe('en_US');
    expect(options()).toEqual(['en_US', '__edit__']);
    expect(screen.getByTestId('locale-edit').textContent).toBe('Edit…');
    const input = () => container.querySelector('input[name^="caption."]') as HTMLInputElement;
    expect(input().name).toBe('caption.en_US');
    act(() => void fireEvent.change(input(), { target: { value: 'Hello' } }));

    await choose('__edit__');
    expect(screen.getByTestId('locale-sidebar')).toBeTruthy();
    expect(select().value).toBe('en_US');
    expect(localeOption('en_US').checked).toBe(true);
    expect(localeOption('en_US').disabled).toBe(true);
    expect(localeOption('sr').checked).toBe(false);
    act(() => void fireEvent.click(localeOption('sr')));
    expect(options()).toEqual(['en_US', 'sr', '__edit__']);

    await choose('sr');
    expect(input().name).toBe('caption.sr');
    expect(input().value).toBe('');
    expect(screen.getByLabelText('Caption (Srpski)')).toBe(input());
    act(() => void fireEvent.change(input(), { target: { value: 'Zdravo' } }));
    expect(form().store.value('caption')).toEqual({ locales: { en_US: 'Hello', sr: 'Zdravo' } });

    // Taking a locale off takes its text with it; the dropdown goes back to the default locale.
    act(() => void fireEvent.click(localeOption('sr')));
    expect(form().store.value('caption')).toEqual({ locales: { en_US: 'Hello' } });
    expect(options()).toEqual(['en_US', '__edit__']);
    expect(input().name).toBe('caption.en_US');
    act(() => void fireEvent.click(screen.getByTestId('locale-sidebar-close')));
    expect(screen.queryByTestId('locale-sidebar')).toBeNull();
  });

  it('opens on custom_data default_locale, and lists the locales a stored value holds', () => {
    const view = compile([field('caption', 'input', 'text_i18n', { constraints: { custom_data: { default_locale: 'sr' } } })]);
    const { container } = renderForm({ view, record: { caption: { locales: { en_US: 'Hi', sr: 'Zdravo' } } } });
    expect(select().value).toBe('sr');
    expect(options()).toEqual(['sr', 'en_US', '__edit__']);
    expect((container.querySelector('input[name="caption.sr"]') as HTMLInputElement).value).toBe('Zdravo');
  });

  it('the text rules run per locale', async () => {
    const view = compile([field('caption', 'input', 'text_i18n', { constraints: { length: { min: null, max: 3 } } })]);
    const { container, form } = renderForm({ view, record: { caption: { locales: { en_US: 'ok', sr: '' } } } });
    await choose('sr');
    act(() => void fireEvent.change(container.querySelector('input[name="caption.sr"]')!, { target: { value: 'predugo' } }));
    expect(form().store.slot('caption').errors).toEqual([{ key: 'cantBeMoreThenChars', values: { max: 3 }, path: 'locales.sr' }]);
  });
});

describe('text/editor_i18n', () => {
  it('one rich editor per locale; toolbar actions change only that locale', async () => {
    const view = compile([field('body', 'text', 'editor_i18n')]);
    const { form } = renderForm({ view, record: { body: { locales: { en_US: '<p>Hello</p>', sr: '<p>Zdravo</p>' } } } });
    const editable = () => screen.getByTestId('rich-editable');
    // The rich editor is loaded on first use (its own chunk).
    expect((await screen.findByTestId('rich-editable')).textContent).toBe('Hello');
    await choose('sr');
    expect(editable().textContent).toBe('Zdravo');
    expect(editable().getAttribute('lang')).toBe('sr');
    await act(async () => void fireEvent.click(screen.getByTestId('rich-bold')));
    expect(form().store.value('body')).toEqual({ locales: { en_US: '<p>Hello</p>', sr: '<p><strong>Zdravo</strong></p>' } });
    await choose('en_US');
    await act(async () => void fireEvent.click(screen.getByTestId('rich-h2')));
    expect(form().store.value('body')).toEqual({ locales: { en_US: '<h2>Hello</h2>', sr: '<p><strong>Zdravo</strong></p>' } });
  });

  it('the Edit entry opens the Locales sidebar here too', async () => {
    renderForm({ view: compile([field('body', 'text', 'editor_i18n')]) });
    await choose('__edit__');
    expect(screen.getByTestId('locale-sidebar')).toBeTruthy();
    expect(screen.getAllByTestId('locale-option').map((o) => (o as HTMLInputElement).value)).toEqual(['en_US', 'sr']);
  });
});
