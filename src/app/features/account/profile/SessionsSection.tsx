// The caller's sessions: where they are signed in, and ending one of them or all but this one.
// Ending this device's session signs out here.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionItem } from '../../../../../runtime/api/iam';
import { accountKeys, sessionsQueryOptions } from '../../../../../renderers/data/account';
import { endOtherSessions, endSession } from '../../../../../runtime/client/account';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { FormMessage, problemOf } from '../fields';
import { endSessionLocally } from '../session';
import { SectionRead } from './SectionRead';
import { describeUserAgent } from './userAgent';

function DeviceName({ session }: { session: SessionItem }) {
  const { browser, system } = describeUserAgent(session.user_agent);
  const name =
    browser && system ? (
      <FormattedMessage id="account.sessions.browserOn" values={{ browser, system }} />
    ) : browser || system ? (
      <>{browser ?? system}</>
    ) : (
      <FormattedMessage id="account.sessions.unknownDevice" />
    );
  return (
    <span className="session-device" title={session.user_agent ?? undefined}>
      {name}
      {session.current ? (
        <>
          {' '}
          <span className="badge badge-success">
            <FormattedMessage id="account.sessions.thisDevice" />
          </span>
        </>
      ) : null}
    </span>
  );
}

type Confirm = null | { kind: 'others' } | { kind: 'current'; uuid: string };

/** Ending one session or all others: which one is being ended, the question asked, and what went wrong. */
function useSessionEnding(list: readonly SessionItem[]) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const others = list.filter((s) => !s.current).length;

  /** Runs an ending with the others' buttons off meanwhile; a failure is said above the list. */
  const run = async (which: string, call: () => Promise<void>, onFail?: () => void) => {
    setEnding(which);
    setMessage(null);
    try {
      await call();
    } catch (error) {
      onFail?.();
      setMessage(problemOf(error).message);
    } finally {
      setEnding(null);
    }
  };

  const end = (session: SessionItem) =>
    run(session.uuid, async () => {
      await endSession(session.uuid);
      if (session.current) {
        endSessionLocally(queryClient);
        await router.navigate({ to: '/login' });
        return;
      }
      queryClient.setQueryData<SessionItem[]>(accountKeys.sessions, (old) => old?.filter((s) => s.uuid !== session.uuid));
      showToast('account.sessions.ended', 'success');
    });

  const endOthers = () =>
    run(
      'others',
      async () => {
        const { ended } = await endOtherSessions();
        setConfirm(null);
        queryClient.setQueryData<SessionItem[]>(accountKeys.sessions, (old) => old?.filter((s) => s.current));
        void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
        showToast('account.sessions.endedOthers', 'success', undefined, { count: typeof ended === 'number' ? ended : others });
      },
      () => setConfirm(null),
    );

  /** The confirmed ending: all others, or this device's session. */
  const confirmed = () => {
    if (confirm?.kind === 'others') void endOthers();
    else {
      const current = confirm?.kind === 'current' ? list.find((s) => s.uuid === confirm.uuid) : undefined;
      if (current) void end(current);
    }
  };

  return { confirm, setConfirm, ending, message, others, end, confirmed };
}

type Ending = ReturnType<typeof useSessionEnding>;

const COLUMNS = ['account.sessions.device', 'account.sessions.ip', 'account.sessions.created', 'account.sessions.lastSeen'];

function SessionsTable({ list, ending }: { list: readonly SessionItem[]; ending: Ending }) {
  const intl = useIntl();
  const when = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  // Each cell names its column for the narrow layout, where the rows become cards (styles.css).
  const label = (column: number) => intl.formatMessage({ id: COLUMNS[column]! });
  const busy = ending.ending;
  return (
    <div className="table-card sessions-table">
      <table className="table" data-testid="sessions-list">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th scope="col" key={column}>
                <FormattedMessage id={column} />
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="account.sessions.actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((session) => (
            <tr key={session.uuid} data-testid="session-row" data-uuid={session.uuid} data-current={session.current ? 'true' : 'false'}>
              <td data-label={label(0)}>
                <DeviceName session={session} />
              </td>
              <td data-label={label(1)}>{session.ip ?? '—'}</td>
              <td data-label={label(2)}>{when(session.created_at)}</td>
              <td data-label={label(3)}>{when(session.last_seen_at)}</td>
              <td className="actions-cell">
                <button
                  type="button"
                  className="button button-small"
                  data-testid="session-end"
                  disabled={busy !== null}
                  aria-busy={busy === session.uuid || undefined}
                  onClick={() => (session.current ? ending.setConfirm({ kind: 'current', uuid: session.uuid }) : void ending.end(session))}
                >
                  <FormattedMessage id={busy === session.uuid ? 'account.sessions.ending' : session.current ? 'account.sessions.signOutHere' : 'account.sessions.end'} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The question before ending all other sessions, or this device's (which signs out here). */
function EndQuestion({ ending }: { ending: Ending }) {
  const { confirm } = ending;
  const busy = ending.ending !== null;
  const current = confirm?.kind === 'current';
  return (
    <Dialog
      open={confirm !== null}
      testId="sessions-confirm"
      title={<FormattedMessage id={current ? 'account.sessions.confirmCurrentTitle' : 'account.sessions.confirmOthersTitle'} />}
      onClose={() => ending.setConfirm(null)}
      actions={
        <>
          <button type="button" className="button" data-testid="confirm-no" onClick={() => ending.setConfirm(null)} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button button-primary danger-fill" data-testid="confirm-yes" disabled={busy} aria-busy={busy || undefined} onClick={ending.confirmed}>
            <FormattedMessage id={busy ? 'account.sessions.ending' : current ? 'account.sessions.signOutHere' : 'account.sessions.endOthers'} />
          </button>
        </>
      }
    >
      <p>
        {current ? <FormattedMessage id="account.sessions.confirmCurrentBody" /> : <FormattedMessage id="account.sessions.confirmOthersBody" values={{ count: ending.others }} />}
      </p>
    </Dialog>
  );
}

export function SessionsSection() {
  const sessions = useQuery(sessionsQueryOptions());
  const list = sessions.data ?? [];
  const ending = useSessionEnding(list);
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="section-head">
        <h2 className="card-title" id="sessions-title">
          <FormattedMessage id="account.sessions.section" />
        </h2>
        <button
          type="button"
          className="button"
          data-testid="sessions-end-others"
          onClick={() => ending.setConfirm({ kind: 'others' })}
          disabled={ending.others === 0 || ending.ending !== null}
        >
          <FormattedMessage id="account.sessions.endOthers" />
        </button>
      </div>
      <p className="muted">
        <FormattedMessage id="account.sessions.intro" />
      </p>
      <FormMessage message={ending.message} />
      <SectionRead query={sessions}>{(data) => <SessionsTable list={data} ending={ending} />}</SectionRead>
      <EndQuestion ending={ending} />
    </section>
  );
}
