// The explanation on /?force=true for a signed-in user with no project or no roles (spec section 4):
// create a project of their own right here, or wait for an invitation by e-mail.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createProject } from '../../../../runtime/client/account';
import { logout } from '../../../../runtime/client/auth';
import { DEFAULT_AFTER_LOGIN } from '../../routes/guard';
import { FormMessage, messagesOf, NAME_VALUES, problemOf, SubmitButton, TextField, type FieldMessageMap } from './fields';
import { beginSession, endSessionLocally } from './session';

export type NoProjectReason = 'noProject' | 'noRoles';

export function NoProjectMessage({ reason }: { reason: NoProjectReason }) {
  const intl = useIntl();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => intl.formatMessage({ id: 'account.noProject.defaultName' }));
  const [fields, setFields] = useState<FieldMessageMap>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed.length < NAME_VALUES.min) {
      setFields(messagesOf({ name: [trimmed ? 'cantBeLessThenChars' : 'fieldRequired'] }));
      return;
    }
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const project = await createProject({ name: trimmed });
      // The new project is the current one from now on (sent as X-Project-Uuid).
      beginSession(queryClient, project.uuid);
      await router.navigate({ href: DEFAULT_AFTER_LOGIN });
    } catch (error) {
      const problem = problemOf(error);
      setFields(problem.fields);
      setMessage(problem.message);
      setBusy(false);
    }
  };

  const signOut = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The session may already be gone.
    }
    endSessionLocally(queryClient);
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
          value={name}
          onValue={setName}
          errors={fields.name}
          defaults={NAME_VALUES}
          required
        />
        <SubmitButton pending={busy} idle="account.noProject.create" busy="account.noProject.creating" testId="no-project-create" block={false} />
      </form>
      <FormMessage message={message} />
      <p className="muted">
        <FormattedMessage id="account.noProject.invites" />
      </p>
      <button type="button" className="link-button" onClick={signOut} disabled={busy}>
        <FormattedMessage id="account.noProject.otherAccount" />
      </button>
    </section>
  );
}
