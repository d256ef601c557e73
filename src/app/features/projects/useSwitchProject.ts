// Opening another project: the clients send the stored project id as X-Project-Uuid (api/client.ts),
// and the entry guard (routes/session.ts) asks for the claims again on the way to the dashboard.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { browserStorage, STORAGE_KEY } from '../../../../runtime/client/storage';
import { clearBreadcrumbs } from '../../routes/breadcrumbs';

/** Switches to `projectUuid`, or (null, after leaving one) lets the server pick the next project. */
export function useSwitchProject(): (projectUuid: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (projectUuid) => {
      if (projectUuid) browserStorage.setItem(STORAGE_KEY.projectUuid, projectUuid);
      else browserStorage.removeItem(STORAGE_KEY.projectUuid);
      // The workspace belongs to the old project; the shell stores the new one from the user model.
      browserStorage.removeItem(STORAGE_KEY.workspaceUuid);
      clearBreadcrumbs();
      // Everything cached belongs to the old project (claims included, which the guard reads).
      queryClient.removeQueries({ type: 'inactive' });
      await queryClient.resetQueries().catch(() => undefined);
      await router.navigate({ to: '/admin/dashboard' });
    },
    [queryClient, router],
  );
}
