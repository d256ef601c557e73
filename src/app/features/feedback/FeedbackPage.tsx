// /admin/feedback: the project's feedback inbox (docs/platform.md "Feedback"): what members sent from
// the report-error modal (the request id of the failed call, the route, their words), newest first;
// unread ones by default, all on request; each marked read or unread again. Admins only (the server
// answers 403 to anyone else, and the menu shows the link to admins only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FeedbackFilter, FeedbackItem } from '../../../../runtime/api/feedback';
import { feedbackApi } from '../../../../runtime/client/feedback';
import { Inbox } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { When } from '../../components/When';
import { failureSummary } from '../../components/form/failure';
import './feedback.css';

const feedbackKeys = { all: ['feedback'] as const, list: (filter: FeedbackFilter) => ['feedback', filter] as const };

const COLUMNS: ListColumn<FeedbackItem>[] = [
  { id: 'time', header: 'feedback.time', className: 'feedback-time', cell: (item) => <When value={item.created_at} /> },
  {
    id: 'from',
    header: 'feedback.from',
    cell: (item) => (item.user_name ? <span>{item.user_name}</span> : <span className="muted"><FormattedMessage id="feedback.userGone" /></span>),
  },
  { id: 'message', header: 'feedback.message', cellClassName: 'feedback-message', cell: (item) => <span data-testid="feedback-message">{item.message}</span> },
  {
    id: 'where',
    header: 'feedback.where',
    cellClassName: 'feedback-where',
    cell: (item) => (
      <>
        <code data-testid="feedback-route">{item.route}</code>
        {item.request_uuid ? (
          <small className="muted" data-testid="feedback-request-uuid">
            <FormattedMessage id="feedback.requestId" values={{ id: item.request_uuid }} />
          </small>
        ) : null}
      </>
    ),
  },
  {
    id: 'state',
    header: 'feedback.state',
    cell: (item) => (
      <span className={`badge badge-${item.read ? 'secondary' : 'info'}`} data-testid="feedback-state">
        <FormattedMessage id={item.read ? 'feedback.read' : 'feedback.unread'} />
      </span>
    ),
  },
];

function FilterSwitch({ filter, onChange }: { filter: FeedbackFilter; onChange: (filter: FeedbackFilter) => void }) {
  const intl = useIntl();
  return (
    <div className="feedback-filter" role="group" aria-label={intl.formatMessage({ id: 'feedback.show' })}>
      {(['unread', 'all'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={`button button-small${filter === value ? ' button-primary' : ''}`}
          aria-pressed={filter === value}
          data-testid={`feedback-filter-${value}`}
          onClick={() => onChange(value)}
        >
          <FormattedMessage id={value === 'unread' ? 'feedback.showUnread' : 'feedback.showAll'} />
        </button>
      ))}
    </div>
  );
}

export function FeedbackPage() {
  const intl = useIntl();
  const [filter, setFilter] = useState<FeedbackFilter>('unread');
  const list = useQuery({ queryKey: feedbackKeys.list(filter), queryFn: ({ signal }) => feedbackApi.list(filter, signal) });
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: ({ uuid, read }: { uuid: string; read: boolean }) => feedbackApi.markRead(uuid, read),
    onSuccess: async (item) => {
      showToast(item.read ? 'feedback.markedRead' : 'feedback.markedUnread', 'success');
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
    },
    onError: (error) => {
      const summary = failureSummary(error);
      if (summary) showToast(summary, 'danger');
    },
  });
  const rows = list.data?.items;

  return (
    <ListPage
      title="nav.feedback"
      pageTestId="feedback-page"
      intro={
        <div className="feedback-intro">
          <p className="muted" data-testid="feedback-unread-count">
            <FormattedMessage id="feedback.intro" values={{ count: list.data?.unread ?? 0 }} />
          </p>
          <FilterSwitch filter={filter} onChange={setFilter} />
        </div>
      }
      sectionTestId="feedback-list"
      query={list}
      rows={rows}
      columns={COLUMNS}
      rowTestId="feedback-row"
      rowAttributes={(item) => ({ 'data-read': String(item.read) })}
      tableClassName="feedback-table"
      rowActions={{
        header: 'feedback.actions',
        cell: (item) => (
          <button
            type="button"
            className="button button-small"
            data-testid="feedback-mark"
            disabled={mark.isPending}
            aria-label={intl.formatMessage({ id: item.read ? 'feedback.markUnreadNamed' : 'feedback.markReadNamed' }, { who: item.user_name ?? '' })}
            onClick={() => mark.mutate({ uuid: item.uuid, read: !item.read })}
          >
            <FormattedMessage id={item.read ? 'feedback.markUnread' : 'feedback.markRead'} />
          </button>
        ),
      }}
      empty={{ testId: 'feedback-empty', icon: <Inbox />, title: filter === 'unread' ? 'feedback.noneUnread' : 'feedback.none', hint: 'feedback.emptyHint' }}
    />
  );
}
