// The History tab of the record edit page (docs/history.md): the record's revisions newest first,
// each with who or what wrote it, when, and its changed fields' earlier and new values side by side;
// Restore (after a confirmation) writes the record as it was after that revision as a new version,
// through its rules and workflows, and says why when they refuse it.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Revision, RevisionChange } from '../../runtime/api/history';
import { isApiRequestError } from '../../runtime/client/errors';
import type { RecordModel } from '../../runtime/client/records';
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { projectUsersQueryOptions, restoreRevisionMutation, revisionsQueryOptions } from '../data/records';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { showToast } from '../ui/toast';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ChangeRow({ change, label }: { change: RevisionChange; label: string }) {
  return (
    <div className="history-change" data-testid={`history-change-${change.field}`}>
      <span className="history-field">{label}</span>
      {'hashed' in change ? (
        <span className="history-hashed muted">
          <FormattedMessage id="records.history.hashed" />
        </span>
      ) : (
        <>
          <del className="history-before">
            {'before' in change ? shown(change.before) : <FormattedMessage id="records.history.unknown" />}
          </del>
          <ins className="history-after">{shown(change.after)}</ins>
        </>
      )}
    </div>
  );
}

export function RecordHistory({ refName, record, view, canRestore }: { refName: string; record: RecordModel; view: ViewSchema; canRestore: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(revisionsQueryOptions(refName, record.uuid, record.__version__));
  const users = useQuery(projectUsersQueryOptions());
  const restore = useMutation(restoreRevisionMutation(queryClient));
  const [asked, setAsked] = useState<Revision | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = (key: string) => (intl.messages[key] ? intl.formatMessage({ id: key }) : key);
  const labelOf = (key: string) => view.fields.find((field) => field.key === key)?.label ?? key;
  const who = (revision: Revision) => {
    const user = users.data?.find((candidate) => candidate.user_uuid === revision.actor.user);
    const name = user ? user.name : (revision.actor.user ?? '—');
    return intl.formatMessage({ id: `records.history.actor.${revision.actor.kind}` }, { name });
  };
  const isField = (key: string) => view.fields.some((field) => field.key === key);
  /** The refusal's key and each field's message (a workflow's own text as it is). */
  const refusalText = (key: string, errors: readonly { field: string; messages: string[] }[]) =>
    [text(key), ...errors.flatMap((entry) => entry.messages.map((message) => (isField(entry.field) ? `${labelOf(entry.field)}: ${text(message)}` : text(message))))].join(' ');
  const confirm = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      await restore.mutateAsync({ ref: refName, uuid: record.uuid, id: asked.id, version: record.__version__ });
      showToast('records.history.restored', 'success');
    } catch (error) {
      if (isApiRequestError(error) && error.status === 409) showToast(error.messageKey, 'warning');
      else if (isApiRequestError(error)) setRefusal(refusalText(error.messageKey, error.fieldErrors));
      else showToast('somethingWrong', 'warning');
    }
    setAsked(null);
  };
  if (pages.isPending) return <p className="muted" role="status"><FormattedMessage id="records.history.loading" /></p>;
  if (pages.isError) return <p role="alert"><FormattedMessage id="records.history.failed" /></p>;
  const revisions = pages.data.pages.flatMap((page) => page.items);
  if (revisions.length === 0) return <EmptyState title={<FormattedMessage id="records.history.empty" />} testId="record-history-empty" />;
  return (
    <section className="record-history" data-testid="record-history" aria-label={intl.formatMessage({ id: 'records.history.tab' })}>
      {refusal ? (
        <p className="history-refusal" role="alert" data-testid="record-history-refusal">
          {refusal}
        </p>
      ) : null}
      <ol className="history-list">
        {revisions.map((revision) => (
          <li key={revision.id} className="history-item" data-testid="history-item">
            <div className="history-head">
              <strong>
                <FormattedMessage id={`records.history.action.${revision.action}`} values={{ detail: revision.detail ?? '' }} />
              </strong>
              <span className="muted">
                <FormattedMessage id="records.history.version" values={{ version: revision.version }} /> · {who(revision)} ·{' '}
                <time dateTime={revision.at}>{intl.formatDate(revision.at, { dateStyle: 'medium', timeStyle: 'medium' })}</time>
              </span>
              {canRestore && revision.action !== 'delete' && revision.version !== record.__version__ ? (
                <button type="button" className="button button-small" data-testid="history-restore" onClick={() => setAsked(revision)}>
                  <FormattedMessage id="records.history.restore" />
                </button>
              ) : null}
            </div>
            {revision.changes.length > 0 ? (
              <div className="history-changes">
                {revision.changes.map((change) => (
                  <ChangeRow key={change.field} change={change} label={labelOf(change.field)} />
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {pages.hasNextPage ? (
        <button type="button" className="button" data-testid="history-older" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          <FormattedMessage id="records.history.older" />
        </button>
      ) : null}
      <ConfirmDialog
        open={asked !== null}
        title={<FormattedMessage id="records.history.confirmTitle" values={{ version: asked?.version ?? 0 }} />}
        testId="history-restore-confirm"
        onCancel={() => setAsked(null)}
        onConfirm={() => void confirm()}
        pending={restore.isPending}
      >
        <p>
          <FormattedMessage id="records.history.confirmBody" />
        </p>
      </ConfirmDialog>
    </section>
  );
}
