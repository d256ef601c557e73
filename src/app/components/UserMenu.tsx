import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { logout } from '../../../runtime/client/auth';
import { userModelQueryOptions } from '../../../renderers/data/queries';
import { browserStorage, STORAGE_KEY } from '../../../runtime/client/storage';
import { clearBreadcrumbs } from '../routes/breadcrumbs';

export function UserMenu() {
  const intl = useIntl();
  const router = useRouter();
  const queryClient = useQueryClient();
  const user = useQuery(userModelQueryOptions());
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The session may already be gone; leaving is still right.
    } finally {
      queryClient.clear();
      clearBreadcrumbs();
      browserStorage.removeItem(STORAGE_KEY.projectUuid);
      browserStorage.removeItem(STORAGE_KEY.workspaceUuid);
      setBusy(false);
      await router.navigate({ to: '/login' });
    }
  };

  const name = user.data?.name ?? '';
  return (
    <div className="user-menu" role="group" aria-label={intl.formatMessage({ id: 'shell.userMenu' })}>
      <span className="avatar" aria-hidden="true" title={user.data ? `${name} · ${user.data.email}` : undefined}>
        {Array.from(name)[0]?.toUpperCase() ?? '·'}
      </span>
      <span className="user-name">
        <span>{name}</span>
        <small>{user.data?.email ?? ''}</small>
      </span>
      <button type="button" className="button button-ghost" data-testid="sign-out" onClick={signOut} disabled={busy}>
        <FormattedMessage id="common.signOut" />
      </button>
    </div>
  );
}
