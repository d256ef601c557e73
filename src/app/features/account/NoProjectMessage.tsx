// The explanation on /?force=true for a signed-in user with no project or no roles (spec section 4):
// create a project of their own right here, or wait for an invitation by e-mail.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createProject } from '../../../../runtime/client/account';
import { DEFAULT_AFTER_LOGIN } from '../../routes/guard';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { FormMessage, NAME_VALUES } from './fields';
import { beginSession, signOut } from './session';
import { useAccountForm } from './useAccountForm';

export type NoProjectReason = 'noProject' | 'noRoles';

export function NoProjectMessage({ reason }: { reason: NoProjectReason }) {
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
    <section className="callout callout-warning no-project" aria-labelledby="no-project-title" data-testid="no-project-message">
      <h2 id="no-project-title">
        <FormattedMessage id={reason === 'noProject' ? 'account.noProject.title' : 'account.noRoles.title'} />
      </h2>
      <p>
        <FormattedMessage id={reason === 'noProject' ? 'account.noProject.body' : 'account.noRoles.body'} />
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
