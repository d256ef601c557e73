// /admin/iam/invite: e-mail and roles; the created link is shown (and was e-mailed to the invitee).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, type InviteCreate, type InviteCreated } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys } from '../../../../renderers/data/iam';
import { FieldErrors } from '../../components/FieldErrors';
import { BackLink, CopyValue, FailureText, failureOf, fieldMessages, NO_FAILURE, PageHeader, RoleChecks, type Failure } from './ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Sent({ invite, onAnother }: { invite: InviteCreated; onAnother: () => void }) {
  return (
    <section className="card stack" data-testid="invite-sent" aria-live="polite">
      <p>
        <FormattedMessage
          id="iam.invite.sent"
          values={{ email: <strong>{invite.email}</strong>, days: IAM_LIMITS.inviteDays }}
        />
      </p>
      <CopyValue value={invite.link} testId="invite-link" copyTestId="invite-link-copy" label={<FormattedMessage id="iam.invite.link" />} asLink />
      <p className="muted">
        <FormattedMessage id="iam.invite.linkHint" />
      </p>
      <div className="form-actions">
        <BackLink href="/admin/iam" label="iam.backToMembers" />
        <button type="button" className="button button-primary" data-testid="invite-another" onClick={onAnother}>
          <FormattedMessage id="iam.invite.another" />
        </button>
      </div>
    </section>
  );
}

export function InvitePage() {
  const queryClient = useQueryClient();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [roleUuids, setRoleUuids] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [sent, setSent] = useState<InviteCreated | null>(null);
  const send = useMutation({
    mutationFn: (body: InviteCreate) => iamApi.createInvite(body),
    onSuccess: (created) => {
      setSent(created);
      return queryClient.invalidateQueries({ queryKey: iamKeys.invites });
    },
    onError: (error) => setFailure(failureOf(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setFailure({ message: null, fields: { email: ['invalidEmail'] } });
      return;
    }
    setFailure(NO_FAILURE);
    send.mutate({ email: address, role_uuids: roleUuids });
  };
  const another = () => {
    setSent(null);
    setEmail('');
    setRoleUuids([]);
    setFailure(NO_FAILURE);
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="iam.invite.title" />}>
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </PageHeader>
      {sent ? (
        <Sent invite={sent} onAnother={another} />
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">
            <FormattedMessage id="iam.invite.intro" values={{ days: IAM_LIMITS.inviteDays }} />
          </p>
          <div className="field">
            <label className="field-label" htmlFor={emailId}>
              <FormattedMessage id="iam.email" />
            </label>
            <input
              id={emailId}
              type="email"
              name="email"
              autoComplete="off"
              required
              data-testid="invite-email"
              value={email}
              aria-invalid={failure.fields.email ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FieldErrors messages={fieldMessages(failure.fields, 'email')} />
          </div>
          <RoleChecks testId="invite-role" selected={roleUuids} onChange={setRoleUuids} errors={fieldMessages(failure.fields, 'role_uuids')} />
          <FailureText message={failure.message} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" data-testid="invite-send" disabled={send.isPending}>
              <FormattedMessage id={send.isPending ? 'iam.invite.sending' : 'iam.invite.send'} />
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
