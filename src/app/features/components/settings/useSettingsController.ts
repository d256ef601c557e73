// The settings screen's headless controller: which component and version are viewed, the loaded
// copy and the user's draft (immer) on the shared form controller (saving, dirty, the leave question),
// and folding version-action results into the cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { produce, type Draft } from 'immer';
import { useCallback, useRef, useState } from 'react';
import { componentKeys, componentSettingsQueryOptions, componentsQueryOptions, invalidateComponentLists, saveSettingsMutation } from '../../../../../renderers/data/components';
import { findComponent, type Component, type ComponentModel } from '../../../../../runtime/client/components';
import { NO_FAILURE } from '../../../components/form/failure';
import { useFormPage } from '../../../components/form/useFormPage';
import { settingsPath } from '../../../../../renderers/ui/componentLabel';

/** The version a user last viewed per component (uuid), kept while the tab lives and across renames. */
const viewed = new Map<string, string>();

export function defaultVersion(c: Pick<Component, 'dev_version' | 'public_version' | 'versions'> | undefined): string | null {
  if (!c) return null;
  return c.dev_version ?? c.public_version ?? c.versions.at(-1) ?? null;
}

/** Which version of component `ref` is viewed: the user's last choice while it exists, else the default. */
function useViewedVersion(ref: string) {
  const components = useQuery(componentsQueryOptions());
  const component = findComponent(components.data, ref);
  const [, rerender] = useState(0);
  const chosen = component ? viewed.get(component.uuid) : undefined;
  const version = chosen && component?.versions.includes(chosen) ? chosen : defaultVersion(component);
  /** Reads the viewed version again (after `viewed` changed). */
  const refresh = useCallback(() => rerender((n) => n + 1), []);
  return { components, component, version, refresh };
}

/** Folding what the version actions answer into the cache, so the select, the badges and the form follow it. */
function useCacheFolding(ref: string, version: string | null, refresh: () => void) {
  const queryClient = useQueryClient();

  /** Puts a model the server answered into the cache and views it. */
  const showModel = useCallback(
    (model: ComponentModel) => {
      void queryClient.invalidateQueries({ queryKey: componentKeys.component(model.ref), refetchType: 'none' });
      queryClient.setQueryData(componentKeys.settings(model.ref, model.settings.version), model);
      viewed.set(model.uuid, model.settings.version);
      void invalidateComponentLists(queryClient);
      refresh();
    },
    [queryClient, refresh],
  );

  /** Folds new general data (versions, dev and live pointers) into the viewed copy. */
  const showComponent = useCallback(
    (general: Component) => {
      void queryClient.invalidateQueries({ queryKey: componentKeys.component(general.ref), refetchType: 'none' });
      if (version) {
        queryClient.setQueryData<ComponentModel>(componentKeys.settings(ref, version), (old) => (old ? { ...old, ...general, settings: old.settings } : old));
      }
      void invalidateComponentLists(queryClient);
      refresh();
    },
    [queryClient, ref, version, refresh],
  );

  return { showModel, showComponent };
}

export function useSettingsController(ref: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const { components, component, version, refresh } = useViewedVersion(ref);
  const settings = useQuery({ ...componentSettingsQueryOptions(ref, version), enabled: Boolean(version) });
  const loaded = settings.data;
  const saveCall = useMutation(saveSettingsMutation(queryClient));
  // The model the last save answered (it may carry a new ref after a rename).
  const saved = useRef<ComponentModel | null>(null);
  // The draft follows each new copy (load, save, version switch) but keeps edits over a refetch of its version.
  const form = useFormPage<ComponentModel | undefined, ComponentModel>({
    initial: loaded,
    resetKey: loaded,
    identity: loaded ? `${loaded.uuid}@${loaded.settings.version}` : undefined,
    save: (model) => saveCall.mutateAsync({ ref, version: version!, model: model! }),
    toast: 'cmp.settings.saved',
    onSaved: (model) => {
      viewed.set(model.uuid, model.settings.version);
      saved.current = model;
      form.rebase(model);
    },
    confirmLeave: true,
  });
  const draft = form.values;
  const { setValues, setFailure, reset: restore } = form;

  const update = useCallback(
    (recipe: (d: Draft<ComponentModel>) => void) => setValues((d) => (d ? produce(d, recipe) : d)),
    [setValues],
  );

  const setVersion = useCallback(
    (next: string) => {
      if (!component) return;
      viewed.set(component.uuid, next);
      setFailure(NO_FAILURE);
      refresh();
    },
    [component, setFailure, refresh],
  );
  const { showModel, showComponent } = useCacheFolding(ref, version, refresh);

  const save = async ({ followRename = true }: { followRename?: boolean } = {}): Promise<boolean> => {
    if (!draft || !version) return false;
    if (!(await form.saveAsync())) return false;
    const model = saved.current;
    if (followRename && model && model.ref !== ref) {
      await form.leaveUnasked(() => navigate({ href: settingsPath(model.ref) + (hash ? `#${hash}` : ''), replace: true }));
    }
    return true;
  };

  /** Leaves without asking (the component was removed or cloned: the draft has no home any more). */
  const leave = (href: string) => form.leaveUnasked(() => navigate({ href }));

  return {
    ref,
    leave,
    components,
    component,
    version,
    setVersion,
    settings,
    loaded,
    draft,
    dirty: form.dirty,
    update,
    restore,
    save,
    saving: saveCall.isPending,
    saveErrors: form.failure.fields,
    saveFailure: form.failure.message,
    /** The question before leaving unsaved changes: render it once; `askToLeave` before switching the viewed version. */
    leavePrompt: form.leavePrompt,
    askToLeave: form.askToLeave,
    showModel,
    showComponent,
  };
}

export type SettingsController = ReturnType<typeof useSettingsController>;
