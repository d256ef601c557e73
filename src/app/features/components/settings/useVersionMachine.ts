// The componentVersion machine with the real API: each call's answer also goes into the query
// cache (through the controller), so the version select, the badges and the form follow it; each
// success is confirmed with a toast.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ComponentVersionApi } from '../../../../../machines/componentVersion.actors';
import { componentVersionMachine } from '../../../../../machines/componentVersion.machine';
import { componentsApi } from '../../../../../runtime/client/components';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import type { SettingsController } from './useSettingsController';

export function useVersionMachine(ctl: SettingsController) {
  const ctlRef = useRef(ctl);
  ctlRef.current = ctl;
  const api = useMemo<ComponentVersionApi>(
    () => ({
      fork: async ({ ref, name, from }) => {
        const model = await componentsApi.fork({ name, from, ref });
        ctlRef.current.showModel(model);
        showToast('cmp.actions.forked', 'success', TOAST_MS.default, { version: name });
        return model;
      },
      forkFromSchema: async ({ ref, name, schema }) => {
        const model = await componentsApi.forkFromSchema({ schema, version: name, ref });
        ctlRef.current.showModel(model);
        showToast('cmp.actions.forked', 'success', TOAST_MS.default, { version: name });
        return model;
      },
      publish: async ({ ref, version, env }) => {
        const component = await componentsApi.publish({ version, env, ref });
        ctlRef.current.showComponent(component);
        showToast('cmp.actions.deployed', 'success', TOAST_MS.default, { version, env });
        return component;
      },
      remove: async ({ ref, version }) => {
        const component = await componentsApi.removeVersion({ version, ref });
        ctlRef.current.showComponent(component);
        showToast('cmp.actions.versionRemoved', 'success', TOAST_MS.default, { version });
        return component;
      },
    }),
    [],
  );
  const loaded = ctl.loaded!;
  const [state, send] = useMachine(componentVersionMachine, {
    input: { api, ref: ctl.ref, component: loaded, viewed: ctl.version },
  });

  // The screen's copy is the source of truth for what is loaded and viewed; the machine follows it.
  useEffect(() => {
    send({ type: 'LOADED', component: { versions: loaded.versions, dev_version: loaded.dev_version, public_version: loaded.public_version, ref: ctl.ref } });
  }, [send, loaded.versions, loaded.dev_version, loaded.public_version, ctl.ref]);
  useEffect(() => {
    if (ctl.version && ctl.version !== state.context.viewed) send({ type: 'VIEW', version: ctl.version });
    // Only a change of the screen's version is sent; the machine's own moves are read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctl.version, send]);

  // After a fork or a removal the machine views another version: the screen loads it.
  const settled = state.value === 'ready' ? state.context.viewed : null;
  useEffect(() => {
    if (settled && settled !== ctlRef.current.version && ctlRef.current.loaded?.versions.includes(settled)) ctlRef.current.setVersion(settled);
  }, [settled, loaded.versions]);

  return { state, send, busy: state.hasTag('busy') };
}
