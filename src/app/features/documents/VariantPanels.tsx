// The chosen variant's side panels in the document editor: its versions with Restore (a restore is a
// new version), and its comments with their ranges and the form that adds one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DocumentVariant } from '../../../../runtime/api/documents';
import { useDocumentsApi } from './api';
import { Failure } from './parts';
import { documentKeys, documentVersionsQueryOptions } from './queries';

export function Versions({ lib, path, variant, latest }: { lib: string; path: string; variant: string; latest: number }) {
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

export function Comments({ lib, path, variant }: { lib: string; path: string; variant: DocumentVariant }) {
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
        {add.isError ? <Failure error={add.error} testId="documents-comment-error" /> : null}
      </form>
    </section>
  );
}
