// The documents panel (src/app/features/documents) over an in-memory documents API that keeps the
// server's rules that matter to a screen (versions, the stale-save 409, range checks, soft delete):
// create a document by its name (the path and first variant filled in) and open it, start a variant and
// save it, a save after someone else's is refused with Reload offered, a comment needs selected text
// (selecting fills From/To and quotes it; a bad typed range shows its message) and shows its author and
// time, delete after confirmation and restore to a new path from the deleted list.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { DocumentComment, DocumentsApi, DocumentVersionSummary, LumaDocument } from '../../runtime/client/documents';
import { ApiRequestError } from '../../runtime/client/errors';
import { documentTextLength } from '../../runtime/documents/content';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import { DocumentsApiProvider } from '../../src/app/features/documents/api';
import { DocumentsPanel } from '../../src/app/features/documents/DocumentsPanel';
import './harness';

const LIB = '00000000-0000-4000-8000-00000000000a';
const refuse = (status: number, key: string, field?: string, fieldKey = key) => new ApiRequestError(status, key, 'http', 'document', field ? [{ field, messages: [fieldKey] }] : []);
const at = '2026-11-25T08:00:00.000Z';

interface Stored {
  doc: LumaDocument;
  versions: Record<string, { version: number; content: unknown[] }[]>;
  comments: DocumentComment[];
  deleted: boolean;
}

function fakeApi() {
  const docs: Stored[] = [];
  let n = 0;
  const live = (path: string) => {
    const found = docs.find((one) => one.doc.path === path && !one.deleted);
    if (!found) throw refuse(404, 'documentNotFound');
    return found;
  };
  const answer = (stored: Stored): LumaDocument => ({
    ...stored.doc,
    variants: Object.entries(stored.versions).map(([name, list]) => {
      const last = list[list.length - 1]!;
      return { name, version: last.version, latest_version: last.version, content: structuredClone(last.content), sources: [], fields: {}, restored_from: null, created_by: null, created_at: at, comments: stored.comments.filter((c) => c.variant === name) };
    }),
  });
  const api = {
    create: async (_lib: string, body: { path: string; variant?: string }) => {
      if (docs.some((one) => one.doc.path === body.path && !one.deleted)) throw refuse(409, 'documentExists', 'path');
      const stored: Stored = { doc: { uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, library_uuid: LIB, path: body.path, name: body.path.split('/').pop()!, parent: body.path.split('/').slice(0, -1).join('/'), created_by: null, created_at: at, updated_at: at, deleted_at: null, variants: [] }, versions: {}, comments: [], deleted: false };
      if (body.variant) stored.versions[body.variant] = [{ version: 1, content: [] }];
      docs.push(stored);
      return answer(stored);
    },
    get: async (_lib: string, path: string) => answer(live(path)),
    save: async (_lib: string, body: { path: string; variant: string; version: number; content?: unknown[] }) => {
      const stored = live(body.path);
      const list = (stored.versions[body.variant] ??= []);
      if ((list[list.length - 1]?.version ?? 0) !== body.version) throw refuse(409, 'documentChanged', 'version');
      list.push({ version: body.version + 1, content: body.content ?? [] });
      return answer(stored);
    },
    remove: async (_lib: string, path: string) => {
      live(path).deleted = true;
      return {};
    },
    list: async (_lib: string, query: { path?: string }) => {
      const dir = query.path ?? '';
      return { path: dir, truncated: false, items: docs.filter((one) => !one.deleted && one.doc.parent === dir).map((one) => ({ type: 'document' as const, path: one.doc.path, name: one.doc.name, uuid: one.doc.uuid, updated_at: at, variants: Object.keys(one.versions) })) };
    },
    deleted: async () => docs.filter((one) => one.deleted).map((one) => ({ uuid: one.doc.uuid, path: one.doc.path, name: one.doc.name, created_at: at, deleted_at: at, deleted_by: null })),
    restore: async (_lib: string, body: { uuid?: string; newPath?: string }) => {
      const stored = docs.find((one) => one.doc.uuid === body.uuid)!;
      stored.deleted = false;
      stored.doc = { ...stored.doc, path: body.newPath!, name: body.newPath!.split('/').pop()! };
      return answer(stored);
    },
    comment: async (_lib: string, body: { path: string; variant: string; content: string; from: number; to: number }) => {
      const stored = live(body.path);
      const last = stored.versions[body.variant]!.at(-1)!;
      if (body.from > body.to || body.to > documentTextLength(last.content)) throw refuse(417, 'fieldsNotValid', 'to', 'documentInvalidRange');
      const comment = { uuid: `c${stored.comments.length}`, variant: body.variant, version: last.version, from: body.from, to: body.to, content: body.content, created_by: 'u-ana', created_by_name: 'Ana Writer', created_at: at };
      stored.comments.push(comment);
      return comment;
    },
    comments: async () => [],
    removeComment: async () => ({}),
    versions: async (_lib: string, path: string, variant: string): Promise<DocumentVersionSummary[]> =>
      (live(path).versions[variant] ?? []).map((one) => ({ version: one.version, created_at: at, created_by: null, restored_from: null, text_length: documentTextLength(one.content) })).reverse(),
    restoreVersion: async () => {
      throw refuse(501, 'notImplemented');
    },
  };
  return { api: api as unknown as DocumentsApi, docs };
}

/** The text node of the editor's leaf that reads `text`. */
function editorText(text: string): Text | null {
  const leaf = [...document.querySelectorAll('[data-slate-string]')].find((one) => one.textContent === text);
  return (leaf?.firstChild as Text | undefined) ?? null;
}

/** Selects characters start..end of a text node as a user's drag does: the DOM selection, then the event slate listens to. */
function selectInEditor(node: Text, start: number, end: number) {
  // jsdom lacks isContentEditable, which every browser has: slate asks it whether the selection is in its editor.
  if ((document.body as { isContentEditable?: boolean }).isContentEditable === undefined) {
    Object.defineProperty(HTMLElement.prototype, 'isContentEditable', { configurable: true, get: function (this: HTMLElement) { return this.closest('[contenteditable="true"]') !== null; } });
  }
  // A user selects in the editor it is focused on (slate takes a selection only then).
  const editable = node.parentElement!.closest<HTMLElement>('[data-slate-editor]')!;
  if (!editable.hasAttribute('tabindex')) editable.tabIndex = -1; // jsdom focuses only elements with a tabindex
  editable.focus();
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
}

function mount(api: DocumentsApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <IntlProvider locale="en" messages={CATALOGUES.en_US}>
      <QueryClientProvider client={client}>
        <DocumentsApiProvider api={api}>
          <DocumentsPanel libraryUuid={LIB} />
        </DocumentsApiProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

describe('DocumentsPanel', () => {
  it('creates a document, saves a variant, refuses a stale save with Reload, checks comment ranges, deletes and restores', async () => {
    const { api, docs } = fakeApi();
    mount(api);
    await screen.findByTestId('documents-empty');

    // The name gives the path (in the open directory) and the first variant is 'default'.
    fireEvent.change(screen.getByTestId('documents-new-name'), { target: { value: 'first' } });
    expect((screen.getByTestId('documents-new-path') as HTMLInputElement).value).toBe('first');
    expect((screen.getByTestId('documents-new-variant-name') as HTMLInputElement).value).toBe('default');
    fireEvent.click(screen.getByTestId('documents-create'));
    await waitFor(() => expect(screen.getByTestId('documents-editor').dataset.path).toBe('first'));
    expect(screen.getByRole('tab', { name: 'default' }).getAttribute('aria-selected')).toBe('true');
    expect(Object.keys(docs[0]!.versions)).toEqual(['default']);

    fireEvent.change(screen.getByTestId('documents-new-variant'), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('documents-add-variant'));
    await waitFor(() => expect(document.querySelector('[data-slate-editor]')).not.toBeNull());
    fireEvent.click(screen.getByTestId('documents-save'));
    await waitFor(() => expect(screen.getByTestId('documents-version').textContent).toBe('Version 1'));
    expect(docs[0]!.versions.en).toHaveLength(1);
    // The document variant saves pages (spec section 3: the document page node).
    expect((docs[0]!.versions.en![0]!.content[0] as { type: string }).type).toBe('page');

    // Someone else saves version 2 meanwhile: this save (from version 1) is refused, nothing overwritten.
    docs[0]!.versions.en!.push({ version: 2, content: [{ type: 'paragraph', children: [{ text: 'theirs' }] }] });
    fireEvent.click(screen.getByTestId('documents-save'));
    const stale = await screen.findByTestId('documents-save-error');
    expect(stale.textContent).toContain('Someone saved this document in the meantime');
    expect(docs[0]!.versions.en).toHaveLength(2);
    fireEvent.click(within(stale).getByTestId('documents-reload'));
    await waitFor(() => expect(screen.getByTestId('documents-version').textContent).toBe('Version 2'));
    expect(screen.queryByTestId('documents-save-error')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('documents-versions').querySelectorAll('[data-version]')).toHaveLength(2));

    // Nothing selected: the form says to select text and Add comment is off.
    fireEvent.change(screen.getByTestId('documents-comment-text'), { target: { value: '<b>note</b>' } });
    expect(screen.getByTestId('documents-comment-hint').textContent).toBe('Select text to comment on.');
    expect((screen.getByTestId('documents-comment-add') as HTMLButtonElement).disabled).toBe(true);
    // Positions typed by hand are checked by the server: 'theirs' is 6 characters, 0..9 is outside it.
    fireEvent.change(screen.getByTestId('documents-comment-from'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('documents-comment-to'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('documents-comment-add'));
    expect((await screen.findByTestId('documents-comment-error')).textContent).toContain('The comment range is not valid');

    // Select 'hei' of 'theirs' in the editor: From/To are filled and the text is quoted.
    await waitFor(() => expect(editorText('theirs')).not.toBeNull());
    selectInEditor(editorText('theirs')!, 1, 4);
    await waitFor(() => expect((screen.getByTestId('documents-comment-from') as HTMLInputElement).value).toBe('1'));
    expect((screen.getByTestId('documents-comment-to') as HTMLInputElement).value).toBe('4');
    expect(screen.getByTestId('documents-comment-selection').textContent).toBe('hei');
    fireEvent.click(screen.getByTestId('documents-comment-add'));
    const made = await screen.findByTestId('documents-comment');
    expect(docs[0]!.comments.at(-1)).toMatchObject({ from: 1, to: 4, variant: 'en' });
    // Shown as text, not as HTML, under the text it is about, with its author and time.
    expect(made.textContent).toContain('<b>note</b>');
    expect(within(made).getByTestId('documents-comment-quote').textContent).toBe('hei');
    expect(within(made).getByTestId('documents-comment-author').textContent).toBe('Ana Writer');
    expect(within(made).getByTestId('documents-comment-time').getAttribute('datetime')).toBe(at);
    expect(within(made).getByTestId('documents-comment-time').textContent).toMatch(/Nov 25, 2026/);
    // Sent: the form is empty again, the hint back.
    await waitFor(() => expect((screen.getByTestId('documents-comment-text') as HTMLTextAreaElement).value).toBe(''));

    fireEvent.click(screen.getByTestId('documents-delete'));
    fireEvent.click(await screen.findByTestId('documents-delete-confirm'));
    await screen.findByTestId('documents-empty');
    fireEvent.click(screen.getByTestId('documents-show-deleted'));
    fireEvent.change(await screen.findByTestId('documents-restore-path'), { target: { value: 'second' } });
    fireEvent.click(screen.getByTestId('documents-restore'));
    await screen.findByTestId('documents-no-deleted');
    fireEvent.click(screen.getByTestId('documents-show-deleted'));
    const items = await screen.findByTestId('documents-items');
    expect([...items.querySelectorAll('[data-path]')].map((row) => row.getAttribute('data-path'))).toEqual(['second']);
  });
});
