// The settings screen's headless controller: which component and version are viewed, the loaded
// copy and the user's draft (immer), saving, and folding version-action results into the cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { produce, type Draft } from 'immer';
import { useCallback, useRef, useState } from 'react';
import { componentKeys, componentSettingsQueryOptions, componentsQueryOptions, invalidateComponentLists, saveSettingsMutation } from '../../../../../renderers/data/components';
import { findComponent, type Component, type ComponentModel } from '../../../../../runtime/client/components';
import { errorDisplay, errorsByPath } from '../../../../../runtime/client/errorMessage';
import { deepEqual } from '../../../lib/deepEqual';
import { showToast } from '../../../../../renderers/ui/toast';
import { settingsPath } from '../../../../../renderers/ui/componentLabel';

/** The version a user last viewed per component (uuid), kept while the tab lives and across renames. */
const viewed = new Map<string, string>();

export function defaultVersion(c: Pick<Component, 'dev_version' | 'public_version' | 'versions'> | undefined): string | null {
  if (!c) return null;
  return c.dev_version ?? c.public_version ?? c.versions.at(-1) ?? null;
}

interface DraftState {
  base: ComponentModel | undefined;
  draft: ComponentModel | undefined;
}

export function useSettingsController(ref: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const components = useQuery(componentsQueryOptions());
  const component = findComponent(components.data, ref);
  const [, rerender] = useState(0);
  const chosen = component ? viewed.get(component.uuid) : undefined;
  const version = chosen && component?.versions.includes(chosen) ? chosen : defaultVersion(component);
  const settings = useQuery({ ...componentSettingsQueryOptions(ref, version), enabled: Boolean(version) });
  const loaded = settings.data;

  // The draft follows the loaded copy whenever a new copy arrives (load, save, version switch).
  const [state, setState] = useState<DraftState>({ base: loaded, draft: loaded });
  let draft = state.draft;
  if (state.base !== loaded) {
    draft = loaded;
    setState({ base: loaded, draft: loaded });
  }
  const dirty = Boolean(draft && loaded && !deepEqual(draft, loaded));
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // Set while the screen itself moves to the renamed ref, so the unsaved guard lets it pass.
  const following = useRef(false);
  const shouldGuard = useCallback(() => dirtyRef.current && !following.current, []);
  const [saveErrors, setSaveErrors] = useState<Record<string, string[]>>({});
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const saveCall = useMutation(saveSettingsMutation(queryClient));

  const update = useCallback((recipe: (d: Draft<ComponentModel>) => void) => {
    setState((s) => (s.draft ? { ...s, draft: produce(s.draft, recipe) } : s));
  }, []);

  const restore = useCallback(() => {
    setState((s) => ({ ...s, draft: s.base }));
    setSaveErrors({});
    setSaveFailure(null);
  }, []);

  const setVersion = useCallback(
    (next: string) => {
      if (!component) return;
      viewed.set(component.uuid, next);
      setSaveErrors({});
      setSaveFailure(null);
      rerender((n) => n + 1);
    },
    [component],
  );

  /** Puts a model the server answered into the cache and views it. */
  const showModel = useCallback(
    (model: ComponentModel) => {
      void queryClient.invalidateQueries({ queryKey: componentKeys.component(model.ref), refetchType: 'none' });
      queryClient.setQueryData(componentKeys.settings(model.ref, model.settings.version), model);
      viewed.set(model.uuid, model.settings.version);
      void invalidateComponentLists(queryClient);
      rerender((n) => n + 1);
    },
    [queryClient],
  );

  /** Folds new general data (versions, dev and live pointers) into the viewed copy. */
  const showComponent = useCallback(
    (general: Component) => {
      void queryClient.invalidateQueries({ queryKey: componentKeys.component(general.ref), refetchType: 'none' });
      if (version) {
        queryClient.setQueryData<ComponentModel>(componentKeys.settings(ref, version), (old) => (old ? { ...old, ...general, settings: old.settings } : old));
      }
      void invalidateComponentLists(queryClient);
      rerender((n) => n + 1);
    },
    [queryClient, ref, version],
  );

  const save = useCallback(async ({ followRename = true }: { followRename?: boolean } = {}): Promise<boolean> => {
    if (!draft || !version) return false;
    setSaveErrors({});
    setSaveFailure(null);
    try {
      const model = await saveCall.mutateAsync({ ref, version, model: draft });
      viewed.set(model.uuid, model.settings.version);
      setState({ base: model, draft: model });
      showToast('cmp.settings.saved', 'success');
      if (followRename && model.ref !== ref) {
        following.current = true;
        try {
          await navigate({ href: settingsPath(model.ref) + (hash ? `#${hash}` : ''), replace: true });
        } finally {
          following.current = false;
        }
      }
      return true;
    } catch (error) {
      const shown = errorDisplay(error);
      if (shown.kind === 'fields') setSaveErrors(errorsByPath(shown.fieldErrors));
      if (shown.kind !== 'reported') setSaveFailure(shown.messageKey);
      return false;
    }
  }, [draft, version, saveCall, ref, navigate, hash]);

  /** Leaves without asking (the component was removed or cloned: the draft has no home any more). */
  const leave = useCallback(
    async (href: string) => {
      following.current = true;
      try {
        await navigate({ href });
      } finally {
        following.current = false;
      }
    },
    [navigate],
  );

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
    dirty,
    shouldGuard,
    update,
    restore,
    save,
    saving: saveCall.isPending,
    saveErrors,
    saveFailure,
    showModel,
    showComponent,
  };
}

export type SettingsController = ReturnType<typeof useSettingsController>;
