// The console's tutorials (docs/tutorials.md): reads the caller's tutorial config from
// /v1/config/user ('tutorials'; 404 means none saved yet), runs the tutorial machine with it, asks it
// to start the tutorial the screen calls for (runtime/tutorials tutorialFor: the introduction in the
// admin console, then templates, the dashboard, dev) and saves what the machine saves.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { tutorialMachine } from '../../../../machines/tutorial.machine';
import { tutorialFor, type TutorialConfig } from '../../../../runtime/tutorials/tutorials';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import { saveTutorialConfig, tutorialConfigKey, tutorialConfigQueryOptions } from './config';
import { TutorialModal, type TutorialView } from './TutorialModal';

export function Tutorials() {
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const env = useStore(environmentStore);
  const claims = useQuery(claimsQueryOptions());
  const project = claims.data?.ProjectUUID ?? null;
  const saved = useQuery({ ...tutorialConfigQueryOptions(), enabled: project !== null });
  const write = useMutation({
    mutationFn: (config: TutorialConfig) => saveTutorialConfig(config, project ?? ''),
    onSuccess: (kept) => queryClient.setQueryData(tutorialConfigKey, kept),
    onError: () => showToast('tutorial.saveFailed', 'warning'),
  });
  // The machine is made once; its save goes through the latest mutation.
  const saveRef = useRef(write.mutate);
  saveRef.current = write.mutate;
  const [state, send] = useMachine(tutorialMachine, { input: { config: null, save: (config) => saveRef.current(config) } });

  const loaded = saved.isSuccess;
  const config = saved.data ?? null;
  useEffect(() => {
    if (loaded) send({ type: 'CONFIG', config });
  }, [loaded, config, send]);
  useEffect(() => {
    if (!loaded) return;
    const tutorial = tutorialFor(config, { pathname, env });
    if (tutorial) send({ type: 'AUTO', tutorial });
    // The config is left out on purpose: a save while a tutorial closes must not start the next one
    // on the same screen; the next navigation or environment switch does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, pathname, env, send]);

  const { context } = state;
  const view: TutorialView = { state: state.value, tutorial: context.tutorial, index: context.index, total: context.total, config: context.config };
  return <TutorialModal view={view} send={send} />;
}
