// Headless edit controller: settings, permissions and the record; the compiled view; the form with its
// changed and saved states; save with the record's __version__ (409 when stale), delete, busy flags.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteRecordMutation, recordQueryOptions, updateRecordMutation } from '../data/records';
import { type RecordModel } from '../../runtime/client/records';
import { showToast } from '../ui/toast';
import type { RunScript } from '../form/scripts';
import type { RendererEntry } from '../registry/types';
import { reportSaveFailure } from './reportSaveFailure';
import { useScriptEnv, viewRunsScripts } from '../form/scriptEnv';
import { useRecordForm } from './useRecordForm';
import { useRecordConflict } from './useRecordConflict';
import { customEntrypoint, useRecordView } from './useRecordView';

export interface EditControllerOptions {
  ref: string;
  uuid: string;
  entrypoint?: string | null;
  entries?: readonly RendererEntry[];
  runScript?: RunScript;
  onSaved?: (record: RecordModel) => void;
  onDeleted?: () => void;
}

export function useEditController(options: EditControllerOptions) {
  const { ref, uuid, entrypoint, entries, runScript, onSaved, onDeleted } = options;
  const queryClient = useQueryClient();
  const loaded = useRecordView(ref, 'model_edit');
  // The form starts once its scripts' context.env is known.
  const scriptEnv = useScriptEnv(viewRunsScripts(loaded.view));
  const view = scriptEnv.ready ? loaded.view : null;
  const record = useQuery(recordQueryOptions(ref, uuid));
  const canSave = loaded.may.update;
  const form = useRecordForm({
    view,
    record: record.data ?? null,
    page: 'model_edit',
    locale: loaded.locale,
    readOnly: loaded.permissions.isSuccess && !canSave,
    entries,
    runScript,
    scriptEnv: scriptEnv.env,
  });
  const update = useMutation(updateRecordMutation(queryClient));
  const remove = useMutation(deleteRecordMutation(queryClient));
  const componentRef = loaded.settings.data?.ref ?? ref;
  const live = useRecordConflict({ ref, componentRef, uuid, version: record.data?.__version__ ?? null, deleting: remove.isPending || remove.isSuccess });

  const save = useCallback(async () => {
    const current = record.data;
    if (!view || !current || update.isPending) return;
    if (!form.validateAll()) {
      showToast('fieldsNotValid', 'danger');
      return;
    }
    try {
      const saved = await update.mutateAsync({ ref, uuid, version: current.__version__, data: form.payload() });
      showToast('records.saved', 'success');
      onSaved?.(saved);
    } catch (error) {
      reportSaveFailure(error, form);
    }
  }, [view, record.data, update, form, ref, uuid, onSaved]);

  const destroy = useCallback(async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({ ref, uuid });
      showToast('records.deleted', 'success');
      onDeleted?.();
    } catch (error) {
      // Spec section 8 "Delete failure": 500 the modal (already open), else the warning toast.
      const status = (error as { status?: number }).status ?? 0;
      if (!(status >= 500 && status !== 501)) showToast('somethingWrong', 'warning');
    }
  }, [remove, ref, uuid, onDeleted]);

  const error = loaded.error ?? record.error;
  return {
    page: 'model_edit' as const,
    status: error ? ('error' as const) : view && record.data ? ('ready' as const) : ('loading' as const),
    error,
    component: loaded.settings.data ?? null,
    componentRef,
    view,
    record: record.data ?? null,
    form,
    entrypoint: customEntrypoint(entrypoint, loaded.settings.data?.settings.appearance?.edit_entrypoint),
    canSave,
    canDelete: loaded.may.delete,
    canSettings: loaded.may.settings,
    save,
    destroy,
    saving: update.isPending,
    deleting: remove.isPending,
    busy: update.isPending || remove.isPending,
    locale: loaded.locale,
    /** The sandbox the form's scripts run in (the actions' display conditions too). */
    runScript,
    /** Someone else saved or deleted this record since it loaded (the event bus), and the reload. */
    conflict: live.conflict,
    reloadRecord: live.reload,
  };
}

export type EditController = ReturnType<typeof useEditController>;
