// The list's presets: the ones the caller sees, the selected one (?preset, else the default), and the
// edits (fork, update, delete, set default), each saved with the whole settings model of the
// environment's version (spec sections 4, 7 and 8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Preset, PresetFilters } from '../../../schemas';
import { componentKeys, saveSettingsMutation } from '../../data/components';
import { type ComponentModel } from '../../../runtime/client/components';
import { isApiRequestError } from '../../../runtime/client/errors';
import { showToast } from '../../ui/toast';
import {
  addPreset,
  defaultPreset,
  isBuiltIn,
  persistedPresets,
  removePreset,
  setDefaultPreset,
  updatePreset,
  visiblePresets,
  type PresetViewer,
} from './presets';

export interface UsePresetsOptions {
  /** The route's ref: the key the list's settings query is cached under. */
  ref: string;
  model: ComponentModel | undefined;
  viewer: PresetViewer | null;
  urlPreset: string | undefined;
}

/** Spec section 8: a 500 has opened the report modal; a bad configuration says so; the failure's own message always. */
function reportPresetFailure(error: unknown, messageKey: string): void {
  if (isApiRequestError(error) && error.status === 417) showToast('confNotValid', 'danger');
  showToast(messageKey, 'danger');
}

export function usePresets({ ref, model, viewer, urlPreset }: UsePresetsOptions) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingsMutation(queryClient));
  const stored = model?.settings.presets;
  const list = useMemo(() => (viewer ? visiblePresets(stored, viewer) : []), [stored, viewer]);
  const selected = list.find((p) => p.name === urlPreset) ?? defaultPreset(list);

  const persist = useCallback(
    async (next: Preset[], success: string, failure: string): Promise<boolean> => {
      if (!model) return false;
      try {
        const saved = await save.mutateAsync({
          ref: model.ref,
          version: model.settings.version,
          model: { ...model, settings: { ...model.settings, presets: persistedPresets(next) } },
        });
        queryClient.setQueryData(componentKeys.settings(ref, null), saved);
        showToast(success, 'success');
        return true;
      } catch (error) {
        reportPresetFailure(error, failure);
        return false;
      }
    },
    [model, save, queryClient, ref],
  );

  return {
    list,
    selected,
    saving: save.isPending,
    /** Fork: the current filters under a new name. */
    saveAs: (name: string, filters: PresetFilters, roles: string[]) => persist(addPreset(stored, name, filters, roles), 'Preset saved', 'Failed to save preset'),
    update: (filters: PresetFilters, roles: string[]) =>
      selected && !isBuiltIn(selected) ? persist(updatePreset(stored, selected.name, filters, roles), 'presetUpdated', 'failedUpdate') : Promise.resolve(false),
    remove: () => (selected && !isBuiltIn(selected) ? persist(removePreset(stored, selected.name), 'presetRemoved', 'failedRemove') : Promise.resolve(false)),
    makeDefault: () =>
      selected && !isBuiltIn(selected) ? persist(setDefaultPreset(stored, selected.name), 'presetIsDefault', 'failedToSetDefault') : Promise.resolve(false),
  };
}

export type PresetsController = ReturnType<typeof usePresets>;
