// The edit page's warning (issue 17 "Live screens"): another user saved or deleted the open record
// after it was loaded. Said before the save would earn its 409; reloading fetches their version.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { recordTopic, type BusEvent } from '../../runtime/events/protocol';
import { useBusTopic } from '../data/eventBus';
import { userModelQueryOptions } from '../data/queries';
import { recordKeys } from '../data/records';
import { environmentStore } from '../ui/prefs';
import { useStore } from '../ui/store';

export type RecordConflict = 'changed' | 'deleted' | null;

/** What an event means for the open record at `version`, by someone other than `me`. */
export function conflictOf(event: BusEvent, uuid: string, version: number | null, me: string | null): RecordConflict {
  const record = event.payload.record && typeof event.payload.record === 'object' ? (event.payload.record as Record<string, unknown>) : null;
  if (!record || record.uuid !== uuid) return null;
  const actor = (event.payload.actor ?? record.updated_by ?? null) as string | null;
  if (me !== null && actor === me) return null;
  if (event.topic.endsWith(`.delete.${event.topic.split('.').pop()}`)) return 'deleted';
  const theirs = typeof record.__version__ === 'number' ? record.__version__ : null;
  if (version !== null && theirs !== null && theirs <= version) return null;
  return 'changed';
}

/**
 * `deleting`: the user's own delete is under way or done. A delete event names its actor, so the user's
 * own delete is left out by user; `deleting` also covers an event from a server older than that.
 */
export function useRecordConflict({ ref, componentRef, uuid, version, deleting = false }: { ref: string; componentRef: string; uuid: string; version: number | null; deleting?: boolean }) {
  const env = useStore(environmentStore);
  const queryClient = useQueryClient();
  const me = useQuery(userModelQueryOptions()).data?.uuid ?? null;
  const [conflict, setConflict] = useState<RecordConflict>(null);
  const onEvent = useCallback(
    (event: BusEvent) => {
      const found = conflictOf(event, uuid, version, me);
      if (found === 'deleted' && deleting) return;
      if (found) setConflict((prev) => (prev === 'deleted' ? prev : found));
    },
    [uuid, version, me, deleting],
  );
  useBusTopic(recordTopic(componentRef, 'update', env), onEvent);
  useBusTopic(recordTopic(componentRef, 'delete', env), onEvent);
  // A newer version loaded (a reload, or the user's own save) ends the warning.
  useEffect(() => setConflict((prev) => (prev === 'deleted' ? prev : null)), [version, uuid]);
  const reload = useCallback(() => {
    setConflict(null);
    return queryClient.invalidateQueries({ queryKey: recordKeys.record(ref, uuid) });
  }, [queryClient, ref, uuid]);
  return { conflict, reload };
}
