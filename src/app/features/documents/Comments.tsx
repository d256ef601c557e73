// The chosen variant's comments (docs/documents.md "Comments"): each with the text it is about, its
// author and its time; and the form that adds one to the text selected in the editor. Selecting text
// fills From/To (character offsets into the saved text, as the server counts them) and quotes it; the
// From/To inputs stay under "Character positions" for a range typed by hand. Nothing selected: the
// button is off and the form says to select text. Unsaved changes: the offsets would point into text
// the server does not have yet, so the form asks to save first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DocumentComment, DocumentVariant } from '../../../../runtime/api/documents';
import { documentRangeText } from '../../../../runtime/documents/content';
import { useDocumentsApi } from './api';
import { Failure } from './parts';
import { documentKeys } from './queries';

/** A range as typed or selected: the From/To inputs' text. */
export interface CommentRange {
  from: string;
  to: string;
}

export const NO_RANGE: CommentRange = { from: '', to: '' };

/** The offsets of a range when they make one: integers, from < to (the server checks they lie within the text). */
export function rangeOf(range: CommentRange): { from: number; to: number } | null {
  if (!/^\d{1,10}$/.test(range.from) || !/^\d{1,10}$/.test(range.to)) return null;
  const from = Number(range.from);
  const to = Number(range.to);
  return from < to ? { from, to } : null;
}

function Quote({ text, testId }: { text: string; testId: string }) {
  return (
    <blockquote className="documents-quote" data-testid={testId}>
      {text}
    </blockquote>
  );
}

/** One comment: the quoted text (when it was made on the version shown), the note, who and when. */
function CommentItem({ comment, text, version }: { comment: DocumentComment; text: string; version: number }) {
  const intl = useIntl();
  const quoted = comment.version === version ? text.slice(comment.from, comment.to) : '';
  return (
    <li className="documents-comment" data-testid="documents-comment" data-from={comment.from} data-to={comment.to}>
      {quoted !== '' ? <Quote text={quoted} testId="documents-comment-quote" /> : null}
      {/* Plain text: React escapes it, a comment never becomes HTML. */}
      <span>{comment.content}</span>
      <span className="muted documents-comment-meta">
        <span data-testid="documents-comment-author">{comment.created_by_name ?? intl.formatMessage({ id: 'documents.unknownAuthor' })}</span>
        {' · '}
        <time dateTime={comment.created_at} data-testid="documents-comment-time">
          {intl.formatDate(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        {comment.version !== version ? (
          <>
            {' · '}
            <FormattedMessage id="documents.commentOnVersion" values={{ version: comment.version }} />
          </>
        ) : null}
      </span>
    </li>
  );
}

export function Comments({ lib, path, variant, range, onRange, dirty }: { lib: string; path: string; variant: DocumentVariant; range: CommentRange; onRange: (range: CommentRange) => void; dirty: boolean }) {
  const intl = useIntl();
  const api = useDocumentsApi();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const text = documentRangeText(variant.content);
  const chosen = rangeOf(range);
  const selected = chosen ? text.slice(chosen.from, chosen.to) : '';
  const add = useMutation({
    mutationFn: (at: { from: number; to: number }) => api.comment(lib, { path, variant: variant.name, content: note, ...at }),
    onSuccess: () => {
      setNote('');
      onRange(NO_RANGE);
      void client.invalidateQueries({ queryKey: documentKeys.one(lib, path) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen && !dirty) add.mutate(chosen);
  };
  const hint = dirty ? 'documents.saveBeforeComment' : chosen ? null : 'documents.selectToComment';
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
            <CommentItem key={comment.uuid} comment={comment} text={text} version={variant.version} />
          ))}
        </ul>
      )}
      <form className="documents-comment-form" onSubmit={submit}>
        {selected !== '' && !dirty ? <Quote text={selected} testId="documents-comment-selection" /> : null}
        {hint ? (
          <p className="muted" data-testid="documents-comment-hint">
            <FormattedMessage id={hint} />
          </p>
        ) : null}
        <textarea className="input" rows={2} value={note} aria-label={intl.formatMessage({ id: 'documents.commentText' })} placeholder={intl.formatMessage({ id: 'documents.commentText' })} onChange={(event) => setNote(event.target.value)} data-testid="documents-comment-text" />
        <details className="documents-range">
          <summary>
            <FormattedMessage id="documents.rangeByHand" />
          </summary>
          <div className="documents-toolbar">
            <label className="documents-inline">
              <FormattedMessage id="documents.from" />
              <input className="input documents-number" type="number" min={0} value={range.from} onChange={(event) => onRange({ ...range, from: event.target.value })} data-testid="documents-comment-from" />
            </label>
            <label className="documents-inline">
              <FormattedMessage id="documents.to" />
              <input className="input documents-number" type="number" min={0} value={range.to} onChange={(event) => onRange({ ...range, to: event.target.value })} data-testid="documents-comment-to" />
            </label>
          </div>
        </details>
        <div className="documents-toolbar">
          <button type="submit" className="button" disabled={add.isPending || note.trim() === '' || !chosen || dirty} data-testid="documents-comment-add">
            <FormattedMessage id="documents.addComment" />
          </button>
        </div>
        {add.isError ? <Failure error={add.error} testId="documents-comment-error" /> : null}
      </form>
    </section>
  );
}
