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
import { isApiRequestError } from '../../../../runtime/client/errors';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { PendingPage } from '../../components/PendingPage';
import { DEFAULT_AFTER_LOGIN } from '../../routes/guard';
import { SubmitButton } from '../../components/form/TextField';
import { FormMessage, problemOf } from './fields';
import { NewAccountFields, newAccountProblems } from './NewAccountFields';
import { AuthCard, Outcome } from './AuthCard';
import { beginSession, signOut } from './session';
import { useAccountForm } from './useAccountForm';

const route = getRouteApi('/project/invite/$uuid');

const isStatus = (error: unknown, status: number) => isApiRequestError(error) && error.kind === 'http' && error.status === status;

function InvalidInvite() {
  return (
    <Outcome testId="invite-invalid" tone="warning" message="inviteInvalid">
      <p className="muted">
        <FormattedMessage id="account.invite.invalidHint" />
      </p>
      <Link to="/login" className="button button-block">
        <FormattedMessage id="account.backToSignIn" />
      </Link>
    </Outcome>
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
    <AuthCard testId="invite-page" title="account.invite.title">
      {body}
    </AuthCard>
  );
}

/** Accepting: creating the account first where there is none; a sign-in needed, or an invitation that
 * no longer works, changes what the screen offers. */
function useAcceptance(token: string, invite: InviteInfo) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [loginNeeded, setLoginNeeded] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const account = useAccountForm({ name: '', password: '', password_confirmation: '' });
  const { form, busy, setBusy, refuse, send } = account;
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

  /** Signed in as another account: sign out, then sign in as the invited one and come back here. */
  const switchAccount = async () => {
    setBusy(true);
    await signOut(queryClient);
    setBusy(false);
    await router.navigate({ to: '/login', search: { redirect: here } });
  };

  return { ...account, here, loginNeeded, invalid, accept, switchAccount };
}

type Acceptance = ReturnType<typeof useAcceptance>;

function SignInFirst({ email, here }: { email: string; here: string }) {
  return (
    <div className="stack">
      <p>
        <FormattedMessage id="account.invite.signInFirst" values={{ email: <strong>{email}</strong> }} />
      </p>
      <Link to="/login" search={{ redirect: here }} className="button button-primary button-block" data-testid="invite-login">
        <FormattedMessage id="account.invite.signIn" />
      </Link>
      <Link to="/user/forgotpassword" className="center">
        <FormattedMessage id="login.forgot" />
      </Link>
    </div>
  );
}

function AcceptForm({ invite, acceptance }: { invite: InviteInfo; acceptance: Acceptance }) {
  const { form, set, fields, message, busy } = acceptance;
  return (
    <form onSubmit={acceptance.accept} noValidate>
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
            <button type="button" className="button button-small" onClick={acceptance.switchAccount} disabled={busy}>
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
  );
}

function Invitation({ token, invite }: { token: string; invite: InviteInfo }) {
  // Signed in or not: only a 401 means signed out (a 403 may be a stale project of a signed-in user).
  const claims = useQuery({ ...claimsQueryOptions(), enabled: invite.has_account });
  const acceptance = useAcceptance(token, invite);
  if (acceptance.invalid) return <InvalidInvite />;
  const signedOut = acceptance.loginNeeded || (invite.has_account && claims.isError && isStatus(claims.error, 401));
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
      {checking ? <PendingPage /> : signedOut ? <SignInFirst email={invite.email} here={acceptance.here} /> : <AcceptForm invite={invite} acceptance={acceptance} />}
    </>
  );
}
