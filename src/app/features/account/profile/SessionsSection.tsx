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

export function SessionsSection() {
  const intl = useIntl();
  const router = useRouter();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const when = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

  const fail = (error: unknown) => setMessage(problemOf(error).message);

  const signedOutHere = async () => {
    endSessionLocally(queryClient);
    await router.navigate({ to: '/login' });
  };

  const end = async (session: SessionItem) => {
    setEnding(session.uuid);
    setMessage(null);
    try {
      await endSession(session.uuid);
      if (session.current) {
        await signedOutHere();
        return;
      }
      queryClient.setQueryData<SessionItem[]>(accountKeys.sessions, (old) => old?.filter((s) => s.uuid !== session.uuid));
      showToast('account.sessions.ended', 'success');
    } catch (error) {
      fail(error);
    } finally {
      setEnding(null);
    }
  };

  const endOthers = async () => {
    setEnding('others');
    setMessage(null);
    try {
      const { ended } = await endOtherSessions();
      setConfirm(null);
      queryClient.setQueryData<SessionItem[]>(accountKeys.sessions, (old) => old?.filter((s) => s.current));
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      showToast('account.sessions.endedOthers', 'success', undefined, { count: typeof ended === 'number' ? ended : others });
    } catch (error) {
      setConfirm(null);
      fail(error);
    } finally {
      setEnding(null);
    }
  };

  const confirmEnding = confirm?.kind === 'current' ? list.find((s) => s.uuid === confirm.uuid) : undefined;

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
          onClick={() => setConfirm({ kind: 'others' })}
          disabled={others === 0 || ending !== null}
        >
          <FormattedMessage id="account.sessions.endOthers" />
        </button>
      </div>
      <p className="muted">
        <FormattedMessage id="account.sessions.intro" />
      </p>
      <FormMessage message={message} />
      {sessions.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : sessions.isError ? (
        <>
          <FormMessage message={problemOf(sessions.error).message ?? 'unexpectedError'} />
          <button type="button" className="button" onClick={() => void sessions.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </>
      ) : (
        <div className="table-card sessions-table">
          <table className="table" data-testid="sessions-list">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="account.sessions.device" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.sessions.ip" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.sessions.created" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.sessions.lastSeen" />
                </th>
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
                  <td>
                    <DeviceName session={session} />
                  </td>
                  <td>{session.ip ?? '—'}</td>
                  <td>{when(session.created_at)}</td>
                  <td>{when(session.last_seen_at)}</td>
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="button button-small"
                      data-testid="session-end"
                      disabled={ending !== null}
                      aria-busy={ending === session.uuid || undefined}
                      onClick={() => (session.current ? setConfirm({ kind: 'current', uuid: session.uuid }) : void end(session))}
                    >
                      <FormattedMessage id={ending === session.uuid ? 'account.sessions.ending' : session.current ? 'account.sessions.signOutHere' : 'account.sessions.end'} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog
        open={confirm !== null}
        testId="sessions-confirm"
        title={<FormattedMessage id={confirm?.kind === 'current' ? 'account.sessions.confirmCurrentTitle' : 'account.sessions.confirmOthersTitle'} />}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <button type="button" className="button" data-testid="confirm-no" onClick={() => setConfirm(null)} disabled={ending !== null}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className="button button-primary danger-fill"
              data-testid="confirm-yes"
              disabled={ending !== null}
              aria-busy={ending !== null || undefined}
              onClick={() => {
                if (confirm?.kind === 'others') void endOthers();
                else if (confirmEnding) void end(confirmEnding);
              }}
            >
              <FormattedMessage
                id={ending !== null ? 'account.sessions.ending' : confirm?.kind === 'current' ? 'account.sessions.signOutHere' : 'account.sessions.endOthers'}
              />
            </button>
          </>
        }
      >
        <p>
          {confirm?.kind === 'current' ? (
            <FormattedMessage id="account.sessions.confirmCurrentBody" />
          ) : (
            <FormattedMessage id="account.sessions.confirmOthersBody" values={{ count: others }} />
          )}
        </p>
      </Dialog>
    </section>
  );
}
