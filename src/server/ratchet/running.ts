// The console statements running in this process, by the query id their caller chose, so that a
// Cancel call stops one (docs/ratchet.md "Cancel"). A statement is found only by the same user in the
// same project; a cancel that reaches another instance finds nothing (404), and the caller's
// disconnect stops the statement wherever it runs.
interface Running {
  projectUuid: string;
  userUuid: string;
  connectionUuid: string;
  controller: AbortController;
}

const running = new Map<string, Running>();

const keyOf = (projectUuid: string, queryId: string) => `${projectUuid}:${queryId.toLowerCase()}`;

/** Registers a statement; the answer removes it. A query id already running is refused (false). */
export function registerRunning(queryId: string, entry: Running): (() => void) | null {
  const key = keyOf(entry.projectUuid, queryId);
  if (running.has(key)) return null;
  running.set(key, entry);
  return () => {
    if (running.get(key) === entry) running.delete(key);
  };
}

/** Stops the caller's statement with this id on this connection; false when none runs here. */
export function cancelRunning(projectUuid: string, userUuid: string, connectionUuid: string, queryId: string): boolean {
  const entry = running.get(keyOf(projectUuid, queryId));
  if (!entry || entry.userUuid !== userUuid || entry.connectionUuid !== connectionUuid) return false;
  entry.controller.abort();
  return true;
}
