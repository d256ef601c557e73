// The diff of a snapshot document against the caller's project (docs/snapshots.md "The diff"):
// admins only; a document of a newer format than this server writes is refused (417), not guessed at.
import type { Kysely } from 'kysely';
import { ERROR_KEY } from '../../../runtime/api/contract';
import { diffSnapshots, type SnapshotDiff } from '../../../runtime/snapshots/diff';
import type { Accountability } from '../auth/tenancy';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { requireAdmin } from '../iam/access';
import { projectSnapshotDocument, SNAPSHOT_FORMAT } from './snapshot';
import { completed, prepareDocument, withoutEmptyPlaces } from './prepare';

/** Admins only, and a document of a newer format is 417 (the route checks this before the body's schema). */
export function refuseNewerFormat(accountability: Accountability, document: unknown): void {
  requireAdmin(accountability);
  const format = (document as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > SNAPSHOT_FORMAT) {
    throw new HttpError(417, ERROR_KEY.snapshotFormatNewer, [{ field: 'format', messages: [ERROR_KEY.snapshotFormatNewer], values: [{ format, supported: SNAPSHOT_FORMAT }] }]);
  }
}

/** What applying `document` onto the caller's project would create, change and remove. */
export async function diffAgainstProject(db: Kysely<Database>, accountability: Accountability, document: Record<string, unknown>): Promise<SnapshotDiff> {
  const projectUuid = requireAdmin(accountability);
  refuseNewerFormat(accountability, document);
  const { document: current } = await projectSnapshotDocument(db, accountability, { records: false });
  // As the apply reads it: the same uuids, what an item leaves out is what the project has.
  const prepared = await prepareDocument(db, projectUuid, withoutEmptyPlaces(document), current, { newIds: false });
  return diffSnapshots(current, completed(prepared.document, current));
}
