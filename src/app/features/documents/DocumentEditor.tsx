// One open document: its variants, the paged rich text editor on the chosen variant, Save as a new
// version (a 409 documentChanged says someone saved first and offers Reload, the typed text is kept
// until then), the variant's versions with Restore, its comments, and Delete after confirmation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { htmlToSlate, slateToHtml } from '../../../../renderers/controls/text/rich/html';
import { RichEditor } from '../../../../renderers/controls/text/rich/LazyRichEditor';
import type { BlockElement, PageElement } from '../../../../renderers/controls/text/rich/types';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { isValidVariantName, type DocumentVariant, type LumaDocument } from '../../../../runtime/api/documents';
import { useDocumentsApi } from './api';
import { documentFailure, isStale } from './failure';
import { documentKeys, documentQueryOptions, documentVersionsQueryOptions } from './queries';

const toHtml = (content: unknown[]) => slateToHtml(content as (BlockElement | PageElement)[]);

function Versions({ lib, path, variant, latest }: { lib: string; path: string; variant: string; latest: number }) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const versions = useQuery(documentVersionsQueryOptions(api, lib, path, variant));
  const restore = useMutation({
    mutationFn: (version: number) => api.restoreVersion(lib, { path, variant, version }),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.one(lib, path), document);
      void client.invalidateQueries({ queryKey: documentKeys.versions(lib, path, variant) });
    },
  });
  if (!versions.data) return null;
  return (
    <section className="documents-side" data-testid="documents-versions">
      <h3 className="documents-title">
        <FormattedMessage id="documents.versions" />
      </h3>
      <ul className="documents-list">
        {versions.data.map((version) => (
          <li key={version.version} className="documents-row" data-version={version.version}>
            <span>
              <FormattedMessage id="documents.version" values={{ version: version.version }} />
              {version.restored_from !== null ? (
                <span className="muted">
                  {' '}
                  (<FormattedMessage id="documents.restoredFrom" values={{ version: version.restored_from }} />)
                </span>
              ) : null}
            </span>
            {version.version !== latest ? (
              <button type="button" className="button" disabled={restore.isPending} onClick={() => restore.mutate(version.version)} data-testid="documents-restore-version">
                <FormattedMessage id="documents.restoreVersion" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Comments({ lib, path, variant }: { lib: string; path: string; variant: DocumentVariant }) {
  const intl = useIntl();
  const api = useDocumentsApi();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [from, setFrom] = useState('0');
  const [to, setTo] = useState('0');
  const add = useMutation({
    mutationFn: () => api.comment(lib, { path, variant: variant.name, content: text, from: Number(from), to: Number(to) }),
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: documentKeys.one(lib, path) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section className="documents-side" data-testid="documents-comments">
      <h3 className="documents-title">
        <FormattedMessage id="documents.comments" />
      </h3>
      {variant.comments.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="documents.noComments" />
        </p>
      ) : (
        <ul className="documents-list">
          {variant.comments.map((comment) => (
            <li key={comment.uuid} className="documents-comment" data-testid="documents-comment">
              {/* Plain text: React escapes it, a comment never becomes HTML. */}
              <span>{comment.content}</span>
              <span className="muted">
                <FormattedMessage id="documents.commentRange" values={{ from: comment.from, to: comment.to }} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="documents-comment-form" onSubmit={submit}>
        <textarea className="input" rows={2} value={text} aria-label={intl.formatMessage({ id: 'documents.addComment' })} onChange={(event) => setText(event.target.value)} data-testid="documents-comment-text" />
        <div className="documents-toolbar">
          <label className="documents-inline">
            <FormattedMessage id="documents.from" />
            <input className="input documents-number" type="number" min={0} value={from} onChange={(event) => setFrom(event.target.value)} data-testid="documents-comment-from" />
          </label>
          <label className="documents-inline">
            <FormattedMessage id="documents.to" />
            <input className="input documents-number" type="number" min={0} value={to} onChange={(event) => setTo(event.target.value)} data-testid="documents-comment-to" />
          </label>
          <button type="submit" className="button" disabled={add.isPending || text.trim() === ''} data-testid="documents-comment-add">
            <FormattedMessage id="documents.addComment" />
          </button>
        </div>
        {add.isError && documentFailure(add.error) ? (
          <p className="form-error" role="alert" data-testid="documents-comment-error">
            <Message value={documentFailure(add.error)!} />
          </p>
        ) : null}
      </form>
    </section>
  );
}

export function DocumentEditor({ lib, path, onClose }: { lib: string; path: string; onClose: () => void }) {
  const intl = useIntl();
  const api = useDocumentsApi();
  const client = useQueryClient();
  const document = useQuery(documentQueryOptions(api, lib, path));
  const [chosen, setChosen] = useState<string | null>(null);
  const [draftVariant, setDraftVariant] = useState('');
  const [html, setHtml] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const variants = document.data?.variants ?? [];
  const name = chosen ?? variants[0]?.name ?? null;
  const variant = variants.find((one) => one.name === name) ?? null;
  const base = variant?.latest_version ?? 0;

  const save = useMutation({
    mutationFn: () => api.save(lib, { path, variant: name!, version: base, content: htmlToSlate(html ?? (variant ? toHtml(variant.content) : ''), { paged: true }) }),
    onSuccess: (saved: LumaDocument) => {
      client.setQueryData(documentKeys.one(lib, path), saved);
      void client.invalidateQueries({ queryKey: documentKeys.versions(lib, path, name!) });
      setHtml(null);
      showToast('documents.saved', 'success', undefined, { version: saved.variants.find((one) => one.name === name)?.version ?? base + 1 });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.remove(lib, path),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: documentKeys.all(lib) });
      onClose();
    },
  });
  const reload = async () => {
    setHtml(null);
    save.reset();
    // The document and its version list: both moved on with the other editor's save.
    await client.invalidateQueries({ queryKey: documentKeys.all(lib) });
  };
  const pick = (next: string) => {
    setChosen(next);
    setHtml(null);
    save.reset();
  };
  const addVariant = (event: FormEvent) => {
    event.preventDefault();
    if (isValidVariantName(draftVariant.trim())) {
      pick(draftVariant.trim());
      setDraftVariant('');
    }
  };

  if (document.isPending) return <div className="skeleton" aria-busy="true" />;
  if (document.isError) {
    return (
      <div>
        <p className="form-error" role="alert" data-testid="documents-error">
          <Message value={documentFailure(document.error) ?? 'unexpectedError'} />
        </p>
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id="documents.close" />
        </button>
      </div>
    );
  }
  const saveError = save.isError ? documentFailure(save.error) : null;
  return (
    <div className="documents-editor" data-testid="documents-editor" data-path={path}>
      <div className="documents-toolbar">
        <button type="button" className="button" onClick={onClose} data-testid="documents-close">
          <FormattedMessage id="documents.close" />
        </button>
        <h2 className="documents-title documents-grow">{document.data.path}</h2>
        <button type="button" className="button danger" onClick={() => setConfirmDelete(true)} data-testid="documents-delete">
          <FormattedMessage id="documents.delete" />
        </button>
      </div>
      <div className="documents-toolbar" role="tablist" aria-label={intl.formatMessage({ id: 'documents.variant' })}>
        {[...variants.map((one) => one.name), ...(name !== null && !variant ? [name] : [])].map((one) => (
          <button key={one} type="button" role="tab" aria-selected={one === name} className={`button${one === name ? ' button-primary' : ''}`} onClick={() => pick(one)} data-testid="documents-variant">
            {one}
          </button>
        ))}
        <form className="documents-inline" onSubmit={addVariant}>
          <input
            className="input documents-variant-name"
            value={draftVariant}
            placeholder={intl.formatMessage({ id: 'documents.newVariant' })}
            aria-label={intl.formatMessage({ id: 'documents.newVariant' })}
            onChange={(event) => setDraftVariant(event.target.value)}
            data-testid="documents-new-variant"
          />
          <button type="submit" className="button" disabled={!isValidVariantName(draftVariant.trim())} data-testid="documents-add-variant">
            +
          </button>
        </form>
      </div>
      {name === null ? (
        <p className="muted" data-testid="documents-no-variants">
          <FormattedMessage id="documents.noVariants" />
        </p>
      ) : (
        <div className="documents-grid">
          <div>
            <RichEditor
              key={`${name}:${variant?.version ?? 0}`}
              id={`document-${name}`}
              name="document"
              value={html ?? (variant ? toHtml(variant.content) : '')}
              onChange={setHtml}
              readOnly={false}
              paged
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
                  <button type="button" className="button" onClick={() => void reload()} data-testid="documents-reload">
                    <FormattedMessage id="documents.reload" />
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          {variant ? (
            <div>
              <Versions lib={lib} path={path} variant={variant.name} latest={variant.latest_version} />
              <Comments lib={lib} path={path} variant={variant} />
            </div>
          ) : null}
        </div>
      )}
      <Dialog
        open={confirmDelete}
        title={<FormattedMessage id="documents.delete" />}
        onClose={() => setConfirmDelete(false)}
        testId="documents-delete-dialog"
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              <FormattedMessage id="documents.close" />
            </button>
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
    </div>
  );
}
