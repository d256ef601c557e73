// Snapshot calls of docs/snapshots.md over the main client (no React, usable from Node).
import type { SnapshotDiff, SnapshotDocument } from '../snapshots/diff';
import { mainClient } from './clients';

export interface SnapshotApplyResult {
  diff: SnapshotDiff;
  ids: Record<string, string>;
  records: { component_uuid: string; env: string; uuids: string[] }[];
}

export const snapshotsApi = {
  get: (signal?: AbortSignal) => mainClient.get<SnapshotDocument>('/v3/system/snapshot', { signal }),
  diff: (document: SnapshotDocument) => mainClient.post<SnapshotDiff>('/v3/system/snapshot/diff', document),
  apply: (document: SnapshotDocument) => mainClient.post<SnapshotApplyResult>('/v3/system/snapshot/apply', document),
};
