// The code editor's modes as a keyboard user meets them: inline with height 300, tab size 2 and a
// fullscreen toggle; modal and sidebar opened from a preview; Escape leaves fullscreen first, then
// closes the modal or sidebar and gives focus back; an Escape CodeMirror used (closing its search
// panel) closes nothing else.
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import { CodeEditor } from '../../src/app/components/code/CodeEditor';
import type { CodeEditorMode } from '../../src/app/components/code/codeEditorModel';

const CODE = 'const a = 1;\nreturn a + value;';

function Page({ mode }: { mode?: CodeEditorMode }) {
  const [value, setValue] = useState(CODE);
  return (
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <CodeEditor mode={mode} language="javascript" label="Mutator get" value={value} onChange={setValue} testId="editor" />
      <output data-testid="value">{value}</output>
    </IntlProvider>
  );
}

/** The CodeMirror content element, once the lazily loaded view is there. */
async function content(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('.cm-content');
    if (!found) throw new Error('no editor yet');
    return found;
  });
}

const escape = (target: Element) => fireEvent.keyDown(target, { key: 'Escape', code: 'Escape', keyCode: 27 });

// jsdom lays nothing out; CodeMirror measures text ranges after every change.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

afterEach(cleanup);

describe('CodeEditor', () => {
  it('inline: height 300, tab size 2, named, editable; fullscreen toggles and Escape leaves it', async () => {
    render(<Page />);
    const area = await content();
    expect(area.getAttribute('aria-label')).toBe('Mutator get');
    const view = EditorView.findFromDOM(area)!;
    expect(view.state.tabSize).toBe(2);
    expect(view.state.facet(indentUnit)).toBe('  ');
    expect((document.querySelector('.code-editor-view') as HTMLElement).style.height).toBe('300px');
    expect(view.state.doc.toString()).toBe(CODE);
    view.dispatch({ changes: { from: 0, insert: '// x\n' } });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(`// x\n${CODE}`));

    const toggle = screen.getByTestId('code-fullscreen');
    fireEvent.click(toggle);
    expect(screen.getByTestId('editor').classList.contains('is-fullscreen')).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    escape(area);
    expect(screen.getByTestId('editor').classList.contains('is-fullscreen')).toBe(false);
    // Inline and not fullscreen: Escape is nobody's, the editor stays.
    escape(area);
    expect(screen.getByTestId('editor')).toBeTruthy();
  });

  it('modal: a preview, the editor in a dialog named by its label; Escape closes it and focus goes back', async () => {
    render(<Page mode="modal" />);
    expect(screen.getByTestId('editor-launcher').querySelector('pre')!.textContent).toBe(CODE);
    expect(document.querySelector('.cm-content')).toBeNull();
    const open = screen.getByTestId('code-open');
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Mutator get' });
    expect(dialog.closest('.code-editor-modal')).not.toBeNull();
    const area = await content();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    EditorView.findFromDOM(area)!.dispatch({ changes: { from: 0, insert: 'let b;\n' } });
    escape(area);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('editor-launcher').querySelector('pre')!.textContent).toBe(`let b;\n${CODE}`);
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('sidebar: Escape leaves fullscreen first, then closes; the close button closes too', async () => {
    render(<Page mode="sidebar" />);
    fireEvent.click(screen.getByTestId('code-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Mutator get' });
    expect(dialog.closest('.code-editor-sidebar')).not.toBeNull();
    const area = await content();
    fireEvent.click(screen.getByTestId('code-fullscreen'));
    expect(screen.getByTestId('editor').classList.contains('is-fullscreen')).toBe(true);
    escape(area);
    expect(screen.getByTestId('editor').classList.contains('is-fullscreen')).toBe(false);
    expect(screen.getByRole('dialog')).toBeTruthy();
    escape(area);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('code-open'));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByTestId('code-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an Escape already handled (defaultPrevented, as CodeMirror marks the ones it uses) closes nothing', async () => {
    render(<Page mode="modal" />);
    fireEvent.click(screen.getByTestId('code-open'));
    await screen.findByRole('dialog');
    const area = await content();
    const handled = new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', keyCode: 27, bubbles: true, cancelable: true });
    handled.preventDefault();
    fireEvent(area, handled);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The same key not handled by anyone closes it.
    escape(area);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
