// Bulk delete, disable and enable (spec section 4): on the selected records (all or nothing), or on
// every record matching the filter (a background job, polled until done, with its progress).
// Failures (spec section 8): a 500 opens the report modal, anything else the warning toast; a bulk
// delete a workflow refused says the workflow's own message (docs/workflows.md "Bulk actions").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { bulkJobQueryOptions, bulkMutation, listKeys, recordKeys } from '../../data/records';
import { useBusConnected, useBusTopic } from '../../data/eventBus';
import { environmentStore } from '../../ui/prefs';
import { useStore } from '../../ui/store';
import type { BulkJob } from '../../../runtime/client/records';
import { type BulkAction, type BulkFilter } from '../../../runtime/client/records';
import { errorDisplay } from '../../../runtime/client/errorMessage';
import { showToast } from '../../ui/toast';

export interface UseBulkActionsOptions {
  ref: string;
  /** The component's ref as topics name it (the route's ref may be its uuid). */
  topicRef?: string;
  selection: readonly string[];
  allMatching: boolean;
  filter: BulkFilter;
  onDone: () => void;
}

function reportBulkFailure(error: unknown): void {
  const display = errorDisplay(error);
  if (display.kind === 'reported') return;
  if (display.kind === 'fields' && display.messageKey === 'workflowRefused') {
    showToast(display.fieldErrors[0]?.messages[0] || 'workflowRefused', 'warning');
    return;
  }
  showToast('somethingWrong', 'warning');
}

export function useBulkActions({ ref, topicRef = ref, selection, allMatching, filter, onDone }: UseBulkActionsOptions) {
  const queryClient = useQueryClient();
  const mutation = useMutation(bulkMutation(queryClient));
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [job, setJob] = useState<{ id: string; action: BulkAction } | null>(null);
  const live = useBusConnected();
  const env = useStore(environmentStore);
  const jobQuery = useQuery({ ...bulkJobQueryOptions(ref, job?.id ?? '', live), enabled: job !== null });
  // The job's progress over the bus ('{ref}.job.{env}', one event per batch); polling stays the fallback.
  useBusTopic(job ? `${topicRef}.job.${env}` : null, (event) => {
    const p = event.payload;
    if (!job || p.job !== job.id) return;
    const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
    queryClient.setQueryData<BulkJob>(listKeys.job(ref, job.id), (prev) => ({
      status: p.status === 'done' || p.status === 'failed' ? p.status : 'running',
      processed: num(p.processed, prev?.processed ?? 0),
      total: num(p.total, prev?.total ?? 0),
      affected: num(p.affected, prev?.affected ?? 0),
      refused: num(p.refused, prev?.refused ?? 0),
      error: typeof p.error === 'string' ? p.error : (prev?.error ?? null),
    }));
    // The last batch is in: the server marks the job done right after it, and that state (with what a
    // workflow refused) comes from the job call. Asked now rather than at the next 5 s poll.
    if (typeof p.total === 'number' && typeof p.processed === 'number' && p.total > 0 && p.processed >= p.total) {
      void queryClient.invalidateQueries({ queryKey: listKeys.job(ref, job.id) });
    }
  });

  const execute = useCallback(
    async (action: BulkAction) => {
      setConfirming(null);
      try {
        const answer = await mutation.mutateAsync({ ref, action, target: allMatching ? { filter } : { items: [...selection] } });
        if ('job' in answer) {
          setJob({ id: answer.job, action });
          return;
        }
        showToast('records.list.bulkDone', 'success', undefined, { count: answer.affected });
        onDone();
      } catch (error) {
        reportBulkFailure(error);
      }
    },
    [mutation, ref, allMatching, filter, selection, onDone],
  );

  const status = jobQuery.data?.status;
  useEffect(() => {
    if (!job) return;
    if (jobQuery.error) {
      reportBulkFailure(jobQuery.error);
      setJob(null);
    } else if (status === 'done') {
      const refused = jobQuery.data?.refused ?? 0;
      const count = jobQuery.data?.affected ?? 0;
      // Records a Before::Delete workflow refused were left as they were: said, not hidden in the count.
      if (refused > 0) showToast('records.list.bulkRefused', 'warning', undefined, { count, refused });
      else showToast('records.list.bulkDone', 'success', undefined, { count });
      setJob(null);
      onDone();
      void queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) });
    } else if (status === 'failed') {
      showToast('somethingWrong', 'warning');
      setJob(null);
      void queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) });
    }
  }, [job, status, jobQuery.error, jobQuery.data, onDone, queryClient, ref]);

  const ready = !mutation.isPending && job === null && (allMatching || selection.length > 0);
  return {
    ready,
    pending: mutation.isPending,
    /** Delete asks first; disable and enable run at once. */
    request: (action: BulkAction) => (action === 'delete' ? setConfirming(action) : void execute(action)),
    confirming,
    confirm: () => (confirming ? void execute(confirming) : undefined),
    cancel: () => setConfirming(null),
    job: job ? { action: job.action, processed: jobQuery.data?.processed ?? 0, total: jobQuery.data?.total ?? 0 } : null,
  };
}

export type BulkController = ReturnType<typeof useBulkActions>;
