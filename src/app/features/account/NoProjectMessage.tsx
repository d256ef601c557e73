// The explanation on /?force=true for a signed-in user who can open nothing (spec section 4), one message per
// reason the server gives in the claims (no project, no role in this workspace, no role at all) saying what it
// means and whom to ask: create a project of their own right here, wait for an invitation, or sign out.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import type { NoAccessReason } from '../../../../runtime/api/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { createProject } from '../../../../runtime/client/account';
import { DEFAULT_AFTER_LOGIN } from '../../routes/guard';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { FormMessage, NAME_VALUES } from './fields';
import { beginSession, signOut } from './session';
import { useAccountForm } from './useAccountForm';

const TEXT: Record<NoAccessReason, { title: string; body: string }> = {
  noProject: { title: 'account.noProject.title', body: 'account.noProject.body' },
  noWorkspaceRole: { title: 'account.noWorkspaceRole.title', body: 'account.noWorkspaceRole.body' },
  noRoles: { title: 'account.noRoles.title', body: 'account.noRoles.body' },
};

export function NoProjectMessage({ reason }: { reason: NoAccessReason }) {
  const intl = useIntl();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { form, set, fields, message, busy, setBusy, refuse, send } = useAccountForm(() => ({ name: intl.formatMessage({ id: 'account.noProject.defaultName' }) }));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = form.name.trim();
    if (busy || refuse(trimmed.length < NAME_VALUES.min ? { name: [trimmed ? 'cantBeLessThenChars' : 'fieldRequired'] } : {})) return;
    await send(async () => {
      const project = await createProject({ name: trimmed });
      // The new project is the current one from now on (sent as X-Project-Uuid).
      beginSession(queryClient, project.uuid);
      await router.navigate({ href: DEFAULT_AFTER_LOGIN });
    });
  };

  const otherAccount = async () => {
    setBusy(true);
    await signOut(queryClient);
    await router.navigate({ to: '/login' });
  };

  return (
    <section className="callout callout-warning no-project" aria-labelledby="no-project-title" data-testid="no-project-message" data-reason={reason}>
      <h2 id="no-project-title">
        <FormattedMessage id={TEXT[reason].title} />
      </h2>
      <p>
        <FormattedMessage id={TEXT[reason].body} />
      </p>
      <form className="no-project-form" onSubmit={create} noValidate>
        <TextField
          label={<FormattedMessage id="account.noProject.name" />}
          name="name"
          testId="project-name"
          autoComplete="off"
          value={form.name}
          onValue={set('name')}
          errors={fields.name}
          defaults={NAME_VALUES}
          required
        />
        <SubmitButton pending={busy} idle="account.noProject.create" busy="account.noProject.creating" testId="no-project-create" />
      </form>
      <FormMessage message={message} />
      <p className="muted">
        <FormattedMessage id="account.noProject.invites" />
      </p>
      <button type="button" className="link-button" onClick={otherAccount} disabled={busy}>
        <FormattedMessage id="account.noProject.otherAccount" />
      </button>
    </section>
  );
}
