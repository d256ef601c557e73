// Starting and ending a session in the browser: nothing cached from before may leak into the next one,
// and the current project (sent as X-Project-Uuid, see runtime/client/storage.ts and routes/session.ts) is set or cleared.
import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../../../../runtime/client/auth';
import { browserStorage, STORAGE_KEY } from '../../../../runtime/client/storage';
import { clearBreadcrumbs } from '../../routes/breadcrumbs';

/** A new session (or a new current project): forget cached queries and the trail, then set the project. */
export function beginSession(queryClient: QueryClient, projectUuid: string | null): void {
  queryClient.clear();
  clearBreadcrumbs();
  // The workspace belongs to the previous project; the shell sets the new one from the user model.
  browserStorage.removeItem(STORAGE_KEY.workspaceUuid);
  if (projectUuid) browserStorage.setItem(STORAGE_KEY.projectUuid, projectUuid);
  else browserStorage.removeItem(STORAGE_KEY.projectUuid);
}

/** The session ended (signed out, or this device's session was ended). */
export function endSessionLocally(queryClient: QueryClient): void {
  beginSession(queryClient, null);
}

/** Signs out (an already ended session is no matter: signing in again is still right), then forgets it here. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await logout();
  } catch {
    // The session may already be gone.
  }
  endSessionLocally(queryClient);
}
