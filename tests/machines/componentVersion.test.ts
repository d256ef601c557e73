import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { componentVersionMachine, type ComponentVersionEvent } from '../../machines/componentVersion.machine';
import type { ComponentVersionApi, VersionState } from '../../machines/componentVersion.actors';
import { canFork, canRemoveVersion } from '../../runtime/components';

/** An in-memory server applying the same rules; it records any call the rules would refuse. */
function fakeServer(start: VersionState = { versions: ['v1'], dev_version: 'v1', public_version: null }) {
  let state: VersionState = structuredClone(start);
  const violations: string[] = [];
  const snapshot = () => structuredClone(state);
  const refuse = (message: string) => {
    violations.push(message);
    return Promise.reject({ status: 409, message });
  };
  const api: ComponentVersionApi = {
    async fork({ name, from }) {
      const why = canFork(state.versions, name) ?? (state.versions.includes(from) ? null : 'notFound');
      if (why) return refuse(why);
      state = { ...state, versions: [...state.versions, name] };
      return snapshot();
    },
    async forkFromSchema({ name }) {
      const why = canFork(state.versions, name);
      if (why) return refuse(why);
      state = { ...state, versions: [...state.versions, name] };
      return snapshot();
    },
    async publish({ version, env }) {
      if (!state.versions.includes(version)) return refuse('notFound');
      state = env === 'live' ? { ...state, public_version: version } : { ...state, dev_version: version };
      return snapshot();
    },
    async remove({ version }) {
      const why = canRemoveVersion(state, version);
      if (why) return refuse(why);
      state = { ...state, versions: state.versions.filter((v) => v !== version) };
      return snapshot();
    },
  };
  return { api, violations, state: () => state };
}

const done = (id: string, output: VersionState) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as ComponentVersionEvent;

describe('componentVersion machine', () => {
  it('reaches every state', () => {
    const output: VersionState = { versions: ['v1', 'v2'], dev_version: 'v1', public_version: null };
    const paths = getShortestPaths(componentVersionMachine, {
      input: { api: fakeServer().api, ref: 'shop/orders' },
      events: [
        { type: 'LOADED', component: output },
        { type: 'VIEW', version: 'v2' },
        { type: 'FORK', name: 'v3' },
        { type: 'FORK_SCHEMA', name: 'v4', schema: { version: 'v4' } },
        { type: 'DEPLOY', env: 'dev' },
        { type: 'DEPLOY', env: 'live' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'REMOVE' },
        done('forkVersion', output),
        done('forkFromSchema', output),
        done('publishVersion', output),
        done('removeVersion', output),
      ],
      // The done events answer fixed outputs, so value plus pointers is a finite state space.
      serializeState: ({ value, context: { versions, dev_version, public_version, viewed, env } }) =>
        JSON.stringify({ value, versions, dev_version, public_version, viewed, env }),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = Object.keys(componentVersionMachine.root.states).map((s) => JSON.stringify(s));
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('starts ready when the component is given, and views the dev version', () => {
    const actor = createActor(componentVersionMachine, {
      input: { api: fakeServer().api, ref: 'x', component: { versions: ['v1', 'v2'], dev_version: 'v2', public_version: 'v1' } },
    }).start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.viewed).toBe('v2');
  });

  it('a refused command keeps the state and says why in context.error', () => {
    const actor = createActor(componentVersionMachine, {
      input: { api: fakeServer().api, ref: 'x', component: { versions: ['v1'], dev_version: 'v1', public_version: null } },
    }).start();
    actor.send({ type: 'FORK', name: 'v1' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe('cantForkVersionExists');
    actor.send({ type: 'REMOVE' });
    expect(actor.getSnapshot().context.error).toBe('versionIsDev');
    actor.send({ type: 'VIEW', version: 'v9' });
    expect(actor.getSnapshot().context.error).toBe('notFound');
  });

  it('deploy to live waits for CONFIRM; CANCEL changes nothing', async () => {
    const server = fakeServer({ versions: ['v1', 'v2'], dev_version: 'v1', public_version: null });
    const actor = createActor(componentVersionMachine, { input: { api: server.api, ref: 'x', component: server.state(), viewed: 'v2' } }).start();
    actor.send({ type: 'DEPLOY', env: 'live' });
    expect(actor.getSnapshot().value).toBe('confirmingLive');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(server.state().public_version).toBeNull();
    actor.send({ type: 'DEPLOY', env: 'live' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.public_version).toBe('v2');
  });

  it('fork views the new version; a failing call puts the server message key in context.error', async () => {
    const server = fakeServer();
    const actor = createActor(componentVersionMachine, { input: { api: server.api, ref: 'x', component: server.state() } }).start();
    actor.send({ type: 'FORK', name: 'v2' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ versions: ['v1', 'v2'], viewed: 'v2', error: null });

    const failing = componentVersionMachine.provide({
      actors: { publishVersion: fromPromise(() => Promise.reject({ status: 409, message: 'versionIsLive' })) },
    });
    const other = createActor(failing, { input: { api: server.api, ref: 'x', component: server.state() } }).start();
    other.send({ type: 'DEPLOY', env: 'dev' });
    await waitFor(other, (s) => s.matches('ready'));
    expect(other.getSnapshot().context.error).toBe('versionIsLive');
  });

  it('random command sequences keep the invariants: pointers name existing versions; live, dev and last are never removed; fork never duplicates', async () => {
    const name = fc.constantFrom('v1', 'v2', 'v3', 'v4', 'beta', 'bad name');
    const command: fc.Arbitrary<ComponentVersionEvent> = fc.oneof(
      name.map((version) => ({ type: 'VIEW', version }) as const),
      name.map((n) => ({ type: 'FORK', name: n }) as const),
      name.map((n) => ({ type: 'FORK_SCHEMA', name: n, schema: {} }) as const),
      fc.constantFrom('dev' as const, 'live' as const).map((env) => ({ type: 'DEPLOY', env }) as const),
      fc.constant({ type: 'CONFIRM' } as const),
      fc.constant({ type: 'CANCEL' } as const),
      fc.constant({ type: 'REMOVE' } as const),
    );
    let totalRemovals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (commands) => {
        const server = fakeServer();
        const actor = createActor(componentVersionMachine, { input: { api: server.api, ref: 'x', component: server.state() } }).start();
        let removals = 0;
        for (const event of commands) {
          const before = actor.getSnapshot().context;
          actor.send(event);
          await waitFor(actor, (s) => !s.hasTag('busy'));
          const { versions, dev_version, public_version, viewed } = actor.getSnapshot().context;
          for (const gone of before.versions.filter((v) => !versions.includes(v))) {
            removals += 1;
            expect(gone).not.toBe(before.dev_version);
            expect(gone).not.toBe(before.public_version);
            expect(before.versions.length).toBeGreaterThan(1);
          }
          expect(new Set(versions).size).toBe(versions.length);
          expect(versions.length).toBeGreaterThan(0);
          for (const pointer of [dev_version, public_version, viewed]) if (pointer !== null) expect(versions).toContain(pointer);
          expect(versions).toEqual(server.state().versions);
        }
        // The machine's guards stop every command the server would refuse.
        expect(server.violations).toEqual([]);
        actor.stop();
        totalRemovals += removals;
      }),
      { numRuns: 150 },
    );
    // The sequences do reach successful removals, so the removal invariants were exercised.
    expect(totalRemovals).toBeGreaterThan(0);
  });
});
