// One open document: its variants, the paged rich text editor on the chosen variant, Save as a new
// version (a 409 documentChanged says someone saved first and offers Reload, the typed text is kept
// until then), the variant's versions with Restore, its comments (text selected in the editor is the
// range a new comment is about), and Delete after confirmation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { htmlToSlate, slateToHtml } from '../../../../renderers/controls/text/rich/html';
import { RichEditor } from '../../../../renderers/controls/text/rich/LazyRichEditor';
import type { TextSelection } from '../../../../renderers/controls/text/rich/selection';
import type { BlockElement, PageElement } from '../../../../renderers/controls/text/rich/types';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { isValidVariantName, type DocumentVariant, type LumaDocument } from '../../../../runtime/api/documents';
import { useDocumentsApi } from './api';
import { documentFailure, isStale } from './failure';
import { Failure, PromptInput } from './parts';
import { documentKeys, documentQueryOptions } from './queries';
import { Comments, NO_RANGE, type CommentRange } from './Comments';
import { Versions } from './Versions';

const toHtml = (content: unknown[]) => slateToHtml(content as (BlockElement | PageElement)[]);

/** The chosen variant's text as typed (null: as stored) and its save as a new version on the latest
 * one; `discard` forgets both, `reload` also reads the document and its versions again. */
function useVariantDraft(lib: string, path: string, name: string | null, variant: DocumentVariant | null) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const [html, setHtml] = useState<string | null>(null);
  const base = variant?.latest_version ?? 0;
  const saved = variant ? toHtml(variant.content) : '';
  const text = html ?? saved;
  /** Typed text not saved yet (a comment's offsets would point into text the server does not have). */
  const dirty = html !== null && html !== saved;
  const save = useMutation({
    mutationFn: () => api.save(lib, { path, variant: name!, version: base, content: htmlToSlate(text, { paged: true }) }),
    onSuccess: (saved: LumaDocument) => {
      client.setQueryData(documentKeys.one(lib, path), saved);
      void client.invalidateQueries({ queryKey: documentKeys.versions(lib, path, name!) });
      setHtml(null);
      showToast('documents.saved', 'success', undefined, { version: saved.variants.find((one) => one.name === name)?.version ?? base + 1 });
    },
  });
  const discard = () => {
    setHtml(null);
    save.reset();
  };
  const reload = async () => {
    discard();
    // The document and its version list: both moved on with the other editor's save.
    await client.invalidateQueries({ queryKey: documentKeys.all(lib) });
  };
  return { text, dirty, setHtml, save, discard, reload };
}

type VariantDraft = ReturnType<typeof useVariantDraft>;

export function DocumentEditor({ lib, path, onClose }: { lib: string; path: string; onClose: () => void }) {
  const api = useDocumentsApi();
  const document = useQuery(documentQueryOptions(api, lib, path));
  const [chosen, setChosen] = useState<string | null>(null);
  const variants = document.data?.variants ?? [];
  const name = chosen ?? variants[0]?.name ?? null;
  const variant = variants.find((one) => one.name === name) ?? null;
  const draft = useVariantDraft(lib, path, name, variant);
  const [range, setRange] = useState<CommentRange>(NO_RANGE);
  const onSelectText = useCallback((selected: TextSelection | null) => setRange(selected ? { from: String(selected.from), to: String(selected.to) } : NO_RANGE), []);
  const pick = (next: string) => {
    setChosen(next);
    setRange(NO_RANGE);
    draft.discard();
  };

  if (document.isPending) return <div className="skeleton" aria-busy="true" />;
  if (document.isError) {
    return (
      <div>
        <Failure error={document.error} fallback="unexpectedError" />
        <CloseButton onClose={onClose} />
      </div>
    );
  }
  return (
    <div className="documents-editor" data-testid="documents-editor" data-path={path}>
      <div className="documents-toolbar">
        <CloseButton onClose={onClose} testId="documents-close" />
        <h2 className="documents-title documents-grow">{document.data.path}</h2>
        <DeleteDocument lib={lib} path={path} onDeleted={onClose} />
      </div>
      <VariantTabs names={[...variants.map((one) => one.name), ...(name !== null && !variant ? [name] : [])]} current={name} onPick={pick} />
      {name === null ? (
        <p className="muted" data-testid="documents-no-variants">
          <FormattedMessage id="documents.noVariants" />
        </p>
      ) : (
        <div className="documents-grid">
          <VariantText name={name} variant={variant} draft={draft} onSelectText={onSelectText} />
          {variant ? (
            <div>
              <Comments lib={lib} path={path} variant={variant} range={range} onRange={setRange} dirty={draft.dirty} />
              <Versions lib={lib} path={path} variant={variant.name} latest={variant.latest_version} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function CloseButton({ onClose, testId }: { onClose: () => void; testId?: string }) {
  return (
    <button type="button" className="button" onClick={onClose} data-testid={testId}>
      <FormattedMessage id="documents.close" />
    </button>
  );
}

/** The variants as tabs, and a new one by a valid name (it exists once saved). */
function VariantTabs({ names, current, onPick }: { names: string[]; current: string | null; onPick: (name: string) => void }) {
  const intl = useIntl();
  const [draftVariant, setDraftVariant] = useState('');
  const addVariant = (event: FormEvent) => {
    event.preventDefault();
    if (isValidVariantName(draftVariant.trim())) {
      onPick(draftVariant.trim());
      setDraftVariant('');
    }
  };
  return (
    <div className="documents-toolbar" role="tablist" aria-label={intl.formatMessage({ id: 'documents.variant' })}>
      {names.map((one) => (
        <button key={one} type="button" role="tab" aria-selected={one === current} className={`button${one === current ? ' button-primary' : ''}`} onClick={() => onPick(one)} data-testid="documents-variant">
          {one}
        </button>
      ))}
      <form className="documents-inline" onSubmit={addVariant}>
        <PromptInput className="input documents-variant-name" value={draftVariant} prompt="documents.newVariant" onChange={(event) => setDraftVariant(event.target.value)} testId="documents-new-variant" />
        <button type="submit" className="button" disabled={!isValidVariantName(draftVariant.trim())} data-testid="documents-add-variant">
          +
        </button>
      </form>
    </div>
  );
}

/** The variant's paged text, Save with the version it stands at, and a failed save (Reload when stale). */
function VariantText({ name, variant, draft, onSelectText }: { name: string; variant: DocumentVariant | null; draft: VariantDraft; onSelectText: (selected: TextSelection | null) => void }) {
  const intl = useIntl();
  const { save } = draft;
  const saveError = save.isError ? documentFailure(save.error) : null;
  return (
    <div>
      <RichEditor
        key={`${name}:${variant?.version ?? 0}`}
        id={`document-${name}`}
        name="document"
        value={draft.text}
        onChange={draft.setHtml}
        readOnly={false}
        paged
        onSelectText={onSelectText}
        aria={{ 'aria-label': intl.formatMessage({ id: 'documents.text' }) }}
      />
      <div className="documents-toolbar documents-save-row">
        <button type="button" className="button button-primary" disabled={save.isPending} onClick={() => save.mutate()} data-testid="documents-save">
          <FormattedMessage id="documents.save" />
        </button>
        {variant ? (
          <span className="muted" data-testid="documents-version">
            <FormattedMessage id="documents.version" values={{ version: variant.version }} />
          </span>
        ) : null}
      </div>
      {saveError ? (
        <div className="form-error" role="alert" data-testid="documents-save-error">
          <Message value={saveError} />{' '}
          {isStale(save.error) ? (
            <button type="button" className="button" onClick={() => void draft.reload()} data-testid="documents-reload">
              <FormattedMessage id="documents.reload" />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Delete, after the question documents.deleteConfirm; the panel's lists are read again. */
function DeleteDocument({ lib, path, onDeleted }: { lib: string; path: string; onDeleted: () => void }) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.remove(lib, path),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: documentKeys.all(lib) });
      onDeleted();
    },
  });
  return (
    <>
      <button type="button" className="button danger" onClick={() => setAsking(true)} data-testid="documents-delete">
        <FormattedMessage id="documents.delete" />
      </button>
      <Dialog
        open={asking}
        title={<FormattedMessage id="documents.delete" />}
        onClose={() => setAsking(false)}
        testId="documents-delete-dialog"
        actions={
          <>
            <CloseButton onClose={() => setAsking(false)} />
            <button type="button" className="button danger" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="documents-delete-confirm">
              <FormattedMessage id="documents.delete" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="documents.deleteConfirm" values={{ path }} />
        </p>
      </Dialog>
    </>
  );
}
