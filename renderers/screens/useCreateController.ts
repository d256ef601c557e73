// Headless create controller (react-admin style): loads settings and permissions, compiles the view,
// owns the form, validates and creates. The view only renders; custom templates reuse this controller.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { createRecordMutation } from '../data/records';
import { type RecordModel } from '../../runtime/client/records';
import { showToast } from '../ui/toast';
import type { RunScript } from '../form/scripts';
import type { RendererEntry } from '../registry/types';
import { reportSaveFailure } from './reportSaveFailure';
import { useScriptEnv, viewRunsScripts } from '../form/scriptEnv';
import { useRecordForm } from './useRecordForm';
import { customEntrypoint, useRecordView } from './useRecordView';

export interface CreateControllerOptions {
  ref: string;
  /** Spec section 2 "Create page": an entrypoint given by the caller wins over the settings'. */
  entrypoint?: string | null;
  /** Initial values (the create page's optional model). */
  model?: Record<string, unknown> | null;
  entries?: readonly RendererEntry[];
  runScript?: RunScript;
  onCreated?: (record: RecordModel) => void;
}

export function useCreateController(options: CreateControllerOptions) {
  const { ref, entrypoint, model = null, entries, runScript, onCreated } = options;
  const queryClient = useQueryClient();
  const loaded = useRecordView(ref, 'model_create');
  // The form starts once its scripts' context.env is known.
  const scriptEnv = useScriptEnv(viewRunsScripts(loaded.view));
  const view = scriptEnv.ready ? loaded.view : null;
  const form = useRecordForm({ view, record: model, page: 'model_create', locale: loaded.locale, entries, runScript, scriptEnv: scriptEnv.env });
  const create = useMutation(createRecordMutation(queryClient));
  const componentRef = loaded.settings.data?.ref ?? ref;

  const save = useCallback(async () => {
    if (!view || create.isPending) return;
    if (!form.validateAll()) {
      showToast('fieldsNotValid', 'danger');
      return;
    }
    try {
      const record = await create.mutateAsync({ ref: componentRef, data: form.payload() });
      showToast('records.created', 'success');
      onCreated?.(record);
    } catch (error) {
      reportSaveFailure(error, form);
    }
  }, [view, create, form, componentRef, onCreated]);

  return {
    page: 'model_create' as const,
    status: loaded.error ? ('error' as const) : view ? ('ready' as const) : ('loading' as const),
    error: loaded.error,
    component: loaded.settings.data ?? null,
    view,
    form,
    entrypoint: customEntrypoint(entrypoint, loaded.settings.data?.settings.appearance?.create_entrypoint),
    canSave: loaded.may.create,
    canSettings: loaded.may.settings,
    save,
    saving: create.isPending,
    busy: create.isPending,
  };
}

export type CreateController = ReturnType<typeof useCreateController>;
