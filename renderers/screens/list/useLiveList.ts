// The record list's live changes (issue 17 "Live screens"): records created, changed or removed
// elsewhere are counted, not swapped in under the cursor; the banner's button refetches the page.
// Only this tab's own writes are left out (their mutations refresh the list already): an event of
// this user from another tab or session is news here (issue 29, item 18).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { TAB_CLIENT_ID } from '../../../runtime/client/client';
import { isOwnEcho, recordTopic, type BusEvent } from '../../../runtime/events/protocol';
import { useBusConnected, useBusReconnect, useBusTopic } from '../../data/eventBus';
import { userModelQueryOptions } from '../../data/queries';
import { recordKeys } from '../../data/records';

/**
 * The keys one event stands for: the record's uuid, or a bulk's or import's items (else the event
 * itself); none for this tab's own write (its user is the actor and its id `client` the writer).
 */
export function changedKeys(event: BusEvent, me: string | null, client: string = TAB_CLIENT_ID): string[] {
  const payload = event.payload;
  const record = payload.record && typeof payload.record === 'object' ? (payload.record as Record<string, unknown>) : null;
  const actor = (payload.actor ?? record?.updated_by ?? record?.created_by ?? null) as string | null;
  if (isOwnEcho(payload, actor, me, client)) return [];
  const uuid = record?.uuid ?? payload.uuid;
  if (typeof uuid === 'string') return [uuid];
  if (Array.isArray(payload.items) && payload.items.length > 0) return payload.items.filter((item): item is string => typeof item === 'string');
  return [`${event.topic}#${JSON.stringify(payload).length}:${Date.now()}`];
}

export function useLiveList({ ref, componentRef, env, enabled }: { ref: string; componentRef: string; env: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const me = useQuery({ ...userModelQueryOptions(), enabled }).data?.uuid ?? null;
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const connected = useBusConnected();
  useBusTopic(
    enabled ? recordTopic(componentRef, '*', env) : null,
    useCallback(
      (event: BusEvent) => {
        const keys = changedKeys(event, me);
        if (keys.length > 0) setChanged((prev) => new Set([...prev, ...keys]));
      },
      [me],
    ),
  );
  // Another component, environment or filter set: the count starts again.
  useEffect(() => setChanged(new Set()), [componentRef, env]);
  const show = useCallback(() => {
    setChanged(new Set());
    return queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) });
  }, [queryClient, ref]);
  // Events between two connections were missed: the page is fetched again.
  useBusReconnect(() => void queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) }));
  return { count: changed.size, show, connected };
}

export type LiveList = ReturnType<typeof useLiveList>;
