// /project/invite/:uuid: an invitation to a project. Without an account for the invited e-mail, accepting
// creates it (name and password) and signs in. With one, the invitee signs in as it first, then accepts.
// Either way the project becomes the current one and the console opens.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_MESSAGE, type InviteAcceptRequest, type InviteInfo } from '../../../../runtime/api/iam';
import { acceptInvite } from '../../../../runtime/client/account';
import { inviteQueryOptions } from '../../../../renderers/data/account';
import { logout } from '../../../../runtime/client/auth';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { PendingPage } from '../../components/PendingPage';
import { PublicFrame } from '../../components/PublicFrame';
import { DEFAULT_AFTER_LOGIN } from '../../routes/guard';
import { SubmitButton } from '../../components/form/TextField';
import { FormMessage, problemOf } from './fields';
import { NewAccountFields, newAccountProblems } from './NewAccountFields';
import { beginSession, endSessionLocally } from './session';
import { useAccountForm } from './useAccountForm';

const route = getRouteApi('/project/invite/$uuid');

const isStatus = (error: unknown, status: number) => isApiRequestError(error) && error.kind === 'http' && error.status === status;

function InvalidInvite() {
  return (
    <div role="alert" data-testid="invite-invalid">
      <div className="callout callout-warning">
        <p>
          <FormattedMessage id="inviteInvalid" />
        </p>
      </div>
      <p className="muted">
        <FormattedMessage id="account.invite.invalidHint" />
      </p>
      <Link to="/login" className="button button-block">
        <FormattedMessage id="account.backToSignIn" />
      </Link>
    </div>
  );
}

export function InvitePage() {
  const { uuid } = route.useParams();
  const info = useQuery(inviteQueryOptions(uuid));
  let body: ReactNode;
  if (info.isPending) body = <PendingPage />;
  else if (info.isError) {
    const problem = problemOf(info.error);
    body =
      problem.status >= 400 && problem.status < 500 ? (
        <InvalidInvite />
      ) : (
        <>
          <FormMessage message={problem.message ?? 'serverError'} />
          <button type="button" className="button button-block" onClick={() => void info.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </>
      );
  } else body = <Invitation token={uuid} invite={info.data} />;
  return (
    <PublicFrame testId="invite-page">
      <div className="card auth-card">
        <h1>
          <FormattedMessage id="account.invite.title" />
        </h1>
        {body}
      </div>
    </PublicFrame>
  );
}

function Invitation({ token, invite }: { token: string; invite: InviteInfo }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // Signed in or not: only a 401 means signed out (a 403 may be a stale project of a signed-in user).
  const claims = useQuery({ ...claimsQueryOptions(), enabled: invite.has_account });
  const [loginNeeded, setLoginNeeded] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const { form, set, fields, message, busy, setBusy, refuse, send } = useAccountForm({ name: '', password: '', password_confirmation: '' });
  const here = `/project/invite/${token}`;

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!invite.has_account && refuse(newAccountProblems(form), 'fieldsNotValid')) return;
    const request: InviteAcceptRequest = invite.has_account ? {} : { ...form, name: form.name.trim() };
    await send(
      async () => {
        const accepted = await acceptInvite(token, request);
        beginSession(queryClient, accepted.project_uuid);
        await router.navigate({ href: DEFAULT_AFTER_LOGIN });
      },
      (problem) => {
        if (problem.message === IAM_MESSAGE.loginRequired || (invite.has_account && problem.status === 401)) setLoginNeeded(true);
        else if (problem.message === IAM_MESSAGE.inviteInvalid || problem.status === 404) setInvalid(true);
        else return false;
        return true;
      },
    );
  };

  const signOut = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // Already signed out: going to the sign-in page is still right.
    }
    endSessionLocally(queryClient);
    setBusy(false);
    await router.navigate({ to: '/login', search: { redirect: here } });
  };

  if (invalid) return <InvalidInvite />;

  const signedOut = loginNeeded || (invite.has_account && claims.isError && isStatus(claims.error, 401));
  const checking = invite.has_account && claims.isPending;

  return (
    <>
      <div className="invite-summary" data-testid="invite-project">
        <p>
          <FormattedMessage id="account.invite.intro" values={{ project: <strong>{invite.project_name}</strong> }} />
        </p>
        <p className="muted">
          <FormattedMessage id="account.invite.forEmail" values={{ email: <strong>{invite.email}</strong> }} />
        </p>
      </div>

      {checking ? (
        <PendingPage />
      ) : signedOut ? (
        <div className="stack">
          <p>
            <FormattedMessage id="account.invite.signInFirst" values={{ email: <strong>{invite.email}</strong> }} />
          </p>
          <Link to="/login" search={{ redirect: here }} className="button button-primary button-block" data-testid="invite-login">
            <FormattedMessage id="account.invite.signIn" />
          </Link>
          <Link to="/user/forgotpassword" className="center">
            <FormattedMessage id="login.forgot" />
          </Link>
        </div>
      ) : (
        <form onSubmit={accept} noValidate>
          {invite.has_account ? (
            <p className="muted">
              <FormattedMessage id="account.invite.acceptHint" />
            </p>
          ) : (
            <>
              <p className="muted">
                <FormattedMessage id="account.invite.createHint" />
              </p>
              <NewAccountFields prefix="invite" form={form} set={set} fields={fields}>
                {/* The account's user name for password managers: the invited e-mail, not editable. */}
                <input type="email" name="email" autoComplete="username" value={invite.email} readOnly hidden />
              </NewAccountFields>
            </>
          )}
          <FormMessage message={message} testId="invite-error">
            {message === IAM_MESSAGE.inviteWrongAccount ? (
              <div className="form-error-actions">
                <button type="button" className="button button-small" onClick={signOut} disabled={busy}>
                  <FormattedMessage id="account.invite.switchAccount" />
                </button>
              </div>
            ) : null}
          </FormMessage>
          <SubmitButton
            pending={busy}
            idle={invite.has_account ? 'account.invite.accept' : 'account.invite.createAndAccept'}
            busy="account.invite.accepting"
            testId="invite-accept"
            block
          />
        </form>
      )}
    </>
  );
}
