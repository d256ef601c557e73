// /admin/iam/invite: e-mail and roles; the created link is shown (and was e-mailed to the invitee).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, type InviteCreated } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys } from '../../../../renderers/data/iam';
import { FormFooter, FormPage } from '../../components/form/FormPage';
import { TextField } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { BackLink } from '../../components/PageHeader';
import { CopyValue } from '../../components/CopyValue';
import { RoleChecks } from './ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NEW_INVITE = { email: '', role_uuids: [] as string[] };

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
  const [sent, setSent] = useState<InviteCreated | null>(null);
  const form = useFormPage({
    initial: NEW_INVITE,
    validate: (v): FieldRules => (EMAIL.test(v.email.trim()) ? {} : { email: ['invalidEmail'] }),
    save: (v) => iamApi.createInvite({ email: v.email.trim(), role_uuids: v.role_uuids }),
    onSaved: (created) => {
      setSent(created);
      return queryClient.invalidateQueries({ queryKey: iamKeys.invites });
    },
  });
  const another = () => {
    setSent(null);
    form.rebase(NEW_INVITE);
  };

  return (
    <FormPage title={<FormattedMessage id="iam.invite.title" />} back={{ href: '/admin/iam', label: 'iam.backToMembers' }}>
      {sent ? (
        <Sent invite={sent} onAnother={another} />
      ) : (
        <form className="card form" onSubmit={form.submit} noValidate>
          <p className="muted">
            <FormattedMessage id="iam.invite.intro" values={{ days: IAM_LIMITS.inviteDays }} />
          </p>
          <TextField
            label={<FormattedMessage id="iam.email" />}
            type="email"
            name="email"
            autoComplete="off"
            required
            testId="invite-email"
            value={form.values.email}
            onValue={(email) => form.set('email', email)}
            errors={form.errors('email')}
          />
          <RoleChecks testId="invite-role" selected={form.values.role_uuids} onChange={(uuids) => form.set('role_uuids', uuids)} errors={form.errors('role_uuids')} />
          <FormFooter form={form} idle="iam.invite.send" busy="iam.invite.sending" testId="invite-send" />
        </form>
      )}
    </FormPage>
  );
}
