import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { eventBusMachine } from '../../machines/eventBus.machine';
import { BUS_CLOSE, RECONNECT_DELAY_MS, type BusMachineApi, type BusMachineEvent, type BusState } from '../../runtime/events/protocol';

type Outcome = { ok: true } | { ok: false; status: number | null };

/** A fake token call settled by the test, and a socket log: which tokens were opened, how often closed. */
function fakeApi() {
  const pending: { resolve: (token: string) => void; reject: (error: unknown) => void }[] = [];
  const opened: string[] = [];
  let closes = 0;
  let issued = 0;
  const api: BusMachineApi = {
    authorize: () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    open: (token) => void opened.push(token),
    close: () => void (closes += 1),
  };
  return {
    api,
    opened,
    closes: () => closes,
    pendingAuth: () => pending.length,
    settle(outcome: Outcome) {
      const next = pending.shift();
      if (!next) return false;
      if (outcome.ok) next.resolve(`token-${++issued}`);
      else next.reject(outcome.status === null ? new TypeError('Failed to fetch') : { status: outcome.status, message: 'x' });
      return true;
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function start() {
  const clock = new SimulatedClock();
  const fake = fakeApi();
  const actor = createActor(eventBusMachine, { input: { api: fake.api }, clock }).start();
  const state = () => actor.getSnapshot().value as BusState;
  return { actor, clock, fake, state };
}

const done = { type: 'xstate.done.actor.authorize', output: 'token' } as unknown as BusMachineEvent;
const failedWith = (status: number | null) =>
  ({ type: 'xstate.error.actor.authorize', error: status === null ? new TypeError('offline') : { status } }) as unknown as BusMachineEvent;
const close = (code: number, reason = ''): BusMachineEvent => ({ type: 'CLOSED', code, reason });

describe('eventBus machine', () => {
  it('reaches every state', () => {
    const paths = getShortestPaths(eventBusMachine, {
      input: { api: fakeApi().api },
      events: [
        { type: 'START' },
        { type: 'STOP' },
        { type: 'RESET' },
        { type: 'OPENED' },
        close(1006),
        close(3002),
        close(1000, '401'),
        close(4008),
        done,
        failedWith(500),
        failedWith(401),
        failedWith(null),
      ],
      serializeState: ({ value, context: { ended } }) => JSON.stringify({ value, ended }),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = Object.keys(eventBusMachine.root.states).map((s) => JSON.stringify(s));
    expect(all.sort()).toEqual(['"authorizing"', '"connected"', '"connecting"', '"idle"', '"retrying"', '"stopped"', '"unauthorized"']);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('connects after auth: the token opens the socket, OPENED is connected', async () => {
    const { actor, fake, state } = start();
    expect(state()).toBe('idle');
    actor.send({ type: 'START' });
    expect(state()).toBe('authorizing');
    expect(fake.opened).toEqual([]);
    fake.settle({ ok: true });
    await flush();
    expect(state()).toBe('connecting');
    expect(fake.opened).toEqual(['token-1']);
    actor.send({ type: 'OPENED' });
    expect(state()).toBe('connected');
    expect(actor.getSnapshot().context).toMatchObject({ connections: 1, token: null, ended: null });
  });

  it('close 1006 retries after 5000 ms, not before, with a new token', async () => {
    const { actor, clock, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: true });
    await flush();
    actor.send({ type: 'OPENED' });
    actor.send(close(BUS_CLOSE.abnormal));
    expect(state()).toBe('retrying');
    expect(actor.getSnapshot().context.ended).toBe('dropped');
    clock.increment(RECONNECT_DELAY_MS - 1);
    expect(state()).toBe('retrying');
    expect(fake.pendingAuth()).toBe(0);
    clock.increment(1);
    expect(state()).toBe('authorizing');
    fake.settle({ ok: true });
    await flush();
    expect(fake.opened).toEqual(['token-1', 'token-2']);
  });

  it('3002 reconnects at once (a new token: tokens are single use)', async () => {
    const { actor, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: true });
    await flush();
    actor.send({ type: 'OPENED' });
    actor.send(close(BUS_CLOSE.reconnect, 'shutdown'));
    expect(state()).toBe('authorizing');
    expect(actor.getSnapshot().context.ended).toBe('serverRestart');
    fake.settle({ ok: true });
    await flush();
    expect(fake.opened).toEqual(['token-1', 'token-2']);
  });

  it('1000 with reason 401 is unauthorized and stays so, whatever the time, until RESET', async () => {
    const { actor, clock, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: true });
    await flush();
    actor.send({ type: 'OPENED' });
    actor.send(close(BUS_CLOSE.normal, '401'));
    expect(state()).toBe('unauthorized');
    clock.increment(10 * RECONNECT_DELAY_MS);
    actor.send({ type: 'OPENED' });
    actor.send({ type: 'START' });
    expect(state()).toBe('unauthorized');
    expect(fake.pendingAuth()).toBe(0);
    actor.send({ type: 'RESET' });
    expect(state()).toBe('authorizing');
    // A 1000 without reason 401 is not unauthorized: it retries after the delay.
    fake.settle({ ok: true });
    await flush();
    actor.send(close(BUS_CLOSE.normal, ''));
    expect(state()).toBe('retrying');
  });

  it('a token call failing with 500 stops reconnecting until RESET; 401 is unauthorized; a network failure retries', async () => {
    const { actor, clock, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: false, status: 500 });
    await flush();
    expect(state()).toBe('stopped');
    expect(actor.getSnapshot().context.ended).toBe('authFailed');
    clock.increment(60 * RECONNECT_DELAY_MS);
    expect(state()).toBe('stopped');
    expect(fake.pendingAuth()).toBe(0);
    actor.send({ type: 'RESET' });
    expect(state()).toBe('authorizing');
    fake.settle({ ok: false, status: 401 });
    await flush();
    expect(state()).toBe('unauthorized');
    actor.send({ type: 'RESET' });
    fake.settle({ ok: false, status: null });
    await flush();
    expect(state()).toBe('retrying');
    expect(actor.getSnapshot().context.ended).toBe('authUnavailable');
    fake.settle({ ok: false, status: 503 });
    clock.increment(RECONNECT_DELAY_MS);
    expect(state()).toBe('authorizing');
  });

  it('a slow-consumer close (4008) retries after the delay', async () => {
    const { actor, clock, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: true });
    await flush();
    actor.send({ type: 'OPENED' });
    actor.send(close(BUS_CLOSE.slowConsumer, 'slowConsumer'));
    expect(state()).toBe('retrying');
    expect(actor.getSnapshot().context).toMatchObject({ ended: 'slowConsumer', lastCode: 4008 });
    clock.increment(RECONNECT_DELAY_MS);
    expect(state()).toBe('authorizing');
  });

  it('a close while connecting is handled like one while connected; STOP closes the socket from any state', async () => {
    const { actor, fake, state } = start();
    actor.send({ type: 'START' });
    fake.settle({ ok: true });
    await flush();
    expect(state()).toBe('connecting');
    actor.send(close(BUS_CLOSE.abnormal));
    expect(state()).toBe('retrying');
    actor.send({ type: 'STOP' });
    expect(state()).toBe('idle');
    expect(fake.closes()).toBe(1);
  });

  it('random command sequences keep the rules: tokens open once, no reconnect from stopped or unauthorized, the delay is honoured', async () => {
    type Command =
      | { kind: 'event'; event: BusMachineEvent }
      | { kind: 'auth'; outcome: Outcome }
      | { kind: 'tick'; ms: number };
    const command: fc.Arbitrary<Command> = fc.oneof(
      fc.constantFrom<BusMachineEvent>({ type: 'START' }, { type: 'STOP' }, { type: 'RESET' }, { type: 'OPENED' }).map((event) => ({ kind: 'event' as const, event })),
      fc
        .constantFrom<[number, string]>([1006, ''], [3002, 'shutdown'], [1000, '401'], [1000, ''], [4008, 'slowConsumer'], [1011, ''])
        .map(([code, reason]) => ({ kind: 'event' as const, event: close(code, reason) })),
      fc
        .constantFrom<Outcome>({ ok: true }, { ok: false, status: 500 }, { ok: false, status: 401 }, { ok: false, status: null }, { ok: false, status: 502 })
        .map((outcome) => ({ kind: 'auth' as const, outcome })),
      fc.integer({ min: 1, max: 6000 }).map((ms) => ({ kind: 'tick' as const, ms })),
    );
    let sawStopped = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const { actor, clock, fake, state } = start();
        let retryingFor = 0;
        for (const cmd of commands) {
          const before = state();
          const opensBefore = fake.opened.length;
          const pendingBefore = fake.pendingAuth();
          if (cmd.kind === 'event') actor.send(cmd.event);
          else if (cmd.kind === 'auth') fake.settle(cmd.outcome);
          else clock.increment(cmd.ms);
          await flush();
          const after = state();
          if (before === 'stopped' || before === 'unauthorized') {
            // Only RESET or STOP leaves them; nothing asks for a token meanwhile.
            if (cmd.kind !== 'event' || (cmd.event.type !== 'RESET' && cmd.event.type !== 'STOP')) {
              expect(after).toBe(before);
              expect(fake.pendingAuth()).toBe(pendingBefore);
            }
          }
          if (after === 'stopped' && before !== 'stopped') {
            sawStopped += 1;
            expect(cmd).toEqual({ kind: 'auth', outcome: { ok: false, status: 500 } });
          }
          if (after === 'unauthorized' && before !== 'unauthorized') {
            const ok =
              (cmd.kind === 'event' && cmd.event.type === 'CLOSED' && cmd.event.code === 1000 && cmd.event.reason === '401') ||
              (cmd.kind === 'auth' && !cmd.outcome.ok && cmd.outcome.status === 401);
            expect(ok).toBe(true);
          }
          // The retry delay: leaving retrying by time takes 5000 ms in it.
          if (before === 'retrying' && cmd.kind === 'tick') {
            retryingFor += cmd.ms;
            expect(after === 'authorizing').toBe(retryingFor >= RECONNECT_DELAY_MS);
          }
          if (after !== 'retrying' || before !== 'retrying') retryingFor = 0;
          if (after === 'retrying' && before !== 'retrying') retryingFor = 0;
          // A socket opens only on the way into connecting.
          if (fake.opened.length > opensBefore) expect(after).toBe('connecting');
        }
        // Every token was opened at most once (single use).
        expect(new Set(fake.opened).size).toBe(fake.opened.length);
        actor.stop();
      }),
      // The sequences are random, so a run could miss 'stopped' altogether (one CI run did): the first
      // example reaches it (START, then the token call failing with 500), and the rules are checked on
      // it like on every generated one.
      { numRuns: 200, examples: [[[{ kind: 'event', event: { type: 'START' } }, { kind: 'auth', outcome: { ok: false, status: 500 } }]]] },
    );
    expect(sawStopped).toBeGreaterThan(0);
  });
});
