// The rich text controls (text/editor, text/document): toolbar actions change the stored HTML.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compile, field, renderForm } from './harness';

// Slate reports changes in a microtask: every action is awaited inside act.
const click = (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));
const change = (testId: string, value: string) => act(async () => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));

/** The rich editor is loaded on first use (its own chunk): the form is ready once the editable shows. */
async function renderRich(options: Parameters<typeof renderForm>[0]): Promise<ReturnType<typeof renderForm>> {
  const rendered = renderForm(options);
  await screen.findByTestId('rich-editable');
  return rendered;
}

describe('text/editor', () => {
  it('renders the toolbar and the editable, and shows the stored HTML', async () => {
    await renderRich({ view: compile([field('body', 'text', 'editor')]), record: { body: '<h2>Hello</h2><p><strong>world</strong></p>' } });
    expect(screen.getByTestId('rich-toolbar')).toBeTruthy();
    for (const id of ['rich-bold', 'rich-italic', 'rich-strike', 'rich-highlight', 'rich-h1', 'rich-h2', 'rich-h3', 'rich-paragraph', 'rich-align-left', 'rich-align-center', 'rich-align-right', 'rich-align-justify', 'rich-color', 'rich-font-family', 'rich-font-size', 'rich-table', 'rich-image']) {
      expect(screen.getByTestId(id), id).toBeTruthy();
    }
    const editable = screen.getByTestId('rich-editable');
    expect(editable.getAttribute('contenteditable')).toBe('true');
    expect(editable.querySelector('h2')?.textContent).toBe('Hello');
    expect(editable.querySelector('strong')?.textContent).toBe('world');
    expect((screen.getByTestId('rich-font-family') as HTMLSelectElement).options).toHaveLength(10);
  });

  it('marks, blocks, alignment, colour, font and size change the value', async () => {
    const { form } = await renderRich({ view: compile([field('body', 'text', 'editor')]), record: { body: '<p>Hello</p>' } });
    const value = () => form().store.value('body');
    await click('rich-bold');
    expect(value()).toBe('<p><strong>Hello</strong></p>');
    await click('rich-italic');
    await click('rich-strike');
    await click('rich-highlight');
    expect(value()).toBe('<p><strong><em><s><mark>Hello</mark></s></em></strong></p>');
    await click('rich-bold');
    expect(value()).toBe('<p><em><s><mark>Hello</mark></s></em></p>');
    await click('rich-h1');
    expect(value()).toBe('<h1><em><s><mark>Hello</mark></s></em></h1>');
    await click('rich-h3');
    await click('rich-align-center');
    expect(value()).toBe('<h3 style="text-align:center"><em><s><mark>Hello</mark></s></em></h3>');
    await click('rich-paragraph');
    await click('rich-align-left');
    expect(value()).toBe('<p><em><s><mark>Hello</mark></s></em></p>');
    await click('rich-italic');
    await click('rich-strike');
    await click('rich-highlight');
    await change('rich-color', '#ff0000');
    await change('rich-font-family', 'Courier New');
    await change('rich-font-size', '250');
    expect(value()).toBe(`<p><span style="color:#ff0000;font-family:'Courier New';font-size:100px">Hello</span></p>`);
    expect((screen.getByTestId('rich-font-size') as HTMLInputElement).value).toBe('100');
  });

  it('inserts a 3x3 table with a header row and bordered cells; rows and columns are added and removed', async () => {
    const { form } = await renderRich({ view: compile([field('body', 'text', 'editor')]), record: { body: '<p>Text</p>' } });
    const value = () => String(form().store.value('body'));
    expect((screen.getByTestId('rich-table-addRow') as HTMLButtonElement).disabled).toBe(true);
    await click('rich-table');
    expect(value().match(/<th style="border:2px solid #000">/g)).toHaveLength(3);
    expect(value().match(/<tr>/g)).toHaveLength(3);
    const table = screen.getByTestId('rich-editable').querySelector('table')!;
    expect(table.querySelectorAll('th')).toHaveLength(3);
    expect((table.querySelector('td') as HTMLElement).style.border).toMatch(/^2px solid (#000|rgb\(0, 0, 0\))$/);
    // The caret is in the first body cell.
    await waitFor(() => expect((screen.getByTestId('rich-table-addRow') as HTMLButtonElement).disabled).toBe(false));
    await click('rich-table-addRow');
    expect(value().match(/<tr>/g)).toHaveLength(4);
    await click('rich-table-addColumn');
    expect(value().match(/<th /g)).toHaveLength(4);
    await click('rich-table-removeColumn');
    await click('rich-table-removeRow');
    expect(value().match(/<tr>/g)).toHaveLength(3);
    expect(value().match(/<td /g)).toHaveLength(6);
  });

  it('imports an image from a URL; refuses a javascript: URL', async () => {
    const { form } = await renderRich({ view: compile([field('body', 'text', 'editor')]), record: { body: '<p>Text</p>' } });
    await click('rich-image');
    await change('rich-image-url', 'javascript:alert(1)');
    expect((screen.getByTestId('rich-image-insert') as HTMLButtonElement).disabled).toBe(true);
    await change('rich-image-url', 'https://luma.test/cat.png');
    await click('rich-image-insert');
    expect(form().store.value('body')).toBe('<p>Text</p><img src="https://luma.test/cat.png" alt="" /><p></p>');
    expect(screen.getByTestId('rich-editable').querySelector('img')?.getAttribute('src')).toBe('https://luma.test/cat.png');
  });

  it('imports an image file as a data URL', async () => {
    const { form } = await renderRich({ view: compile([field('body', 'text', 'editor')]), record: { body: '<p>Text</p>' } });
    await click('rich-image');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dot.png', { type: 'image/png' });
    act(() => fireEvent.change(screen.getByTestId('rich-image-file'), { target: { files: [file] } }));
    await waitFor(() => expect(String(form().store.value('body'))).toContain('<img src="data:image/png;base64,iVBORw==" alt="" />'));
  });

  it('the length rule runs on the text with tags stripped: within max', async () => {
    const view = compile([field('body', 'text', 'editor', { constraints: { length: { min: null, max: 5 } } })]);
    const { form } = await renderRich({ view, record: { body: '<p><strong>Hello</strong></p>' } });
    await click('rich-h1');
    expect(form().store.value('body')).toBe('<h1><strong>Hello</strong></h1>');
    expect(form().store.slot('body').errors).toEqual([]);
  });

  it('the length rule runs on the text with tags stripped: over max', async () => {
    const view = compile([field('body', 'text', 'editor', { constraints: { length: { min: null, max: 4 } } })]);
    const { form } = await renderRich({ view, record: { body: '<p>Hello</p>' } });
    await click('rich-bold');
    expect(form().store.slot('body').errors).toEqual([{ key: 'cantBeMoreThenChars', values: { max: 4 } }]);
    expect(screen.getByTestId('field-error-body').textContent).toContain("Can't be more then 4 characters");
  });

  it('read-only: the toolbar is disabled and the editable is not editable', async () => {
    await renderRich({ view: compile([field('body', 'text', 'editor', { protected: true })], { page: 'model_edit' }), page: 'model_edit', record: { body: '<p>x</p>' } });
    expect((screen.getByTestId('rich-bold') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('rich-editable').getAttribute('contenteditable')).toBe('false');
  });
});

describe('text/document', () => {
  it('pages with the margin, Add page, first page flagged and later pages breaking before', async () => {
    const view = compile([field('doc', 'text', 'document', { constraints: { margin: 24 } })]);
    const { form } = await renderRich({ view, record: { doc: '<p>One</p>' } });
    const pages = () => screen.getAllByTestId('document-page');
    expect(pages()).toHaveLength(1);
    expect(pages()[0]!.getAttribute('data-first-page')).toBe('true');
    expect(pages()[0]!.style.padding).toBe('24px');
    await click('document-add-page');
    expect(pages()).toHaveLength(2);
    expect(pages()[1]!.getAttribute('data-first-page')).toBeNull();
    // An empty page adds no text yet, but the page is stored.
    expect(form().store.value('doc')).toBe(
      '<div data-page="true" data-first-page="true" style="padding:24px"><p>One</p></div><div data-page="true" style="page-break-before:always;padding:24px"><p></p></div>',
    );
  });

  it('the default margin is 10', async () => {
    await renderRich({ view: compile([field('doc', 'text', 'document')]), record: { doc: '' } });
    expect(screen.getByTestId('document-page').style.padding).toBe('10px');
  });
});
