// The event hub's bounded queue (docs/event-bus.md "Close codes and limits"): a socket whose writes
// do not complete is closed with 4008 at the message limit, or at once past the byte limit; a
// message that is not one of ours closes with 1008. Ids heard while a delivery is queued join it (one
// read), in the order heard, and a subscribe answer queued in between closes the batch.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { CLOSE } from '../../../runtime/api/events';
import { createLocalBus } from '../../../src/server/platform/bus';
import type { Database } from '../../../src/server/db/schema';
import { EventHub, type HubSocket } from '../../../src/server/events/hub';
import type { Accountability } from '../../../src/server/auth/tenancy';

function stalledSocket(bufferedAmount = 0) {
  const socket = { readyState: 1, bufferedAmount, sent: [] as string[], closed: null as null | { code: number; reason: string } };
  const hubSocket: HubSocket & typeof socket = Object.assign(socket, {
    send(text: string) {
      socket.sent.push(text); // the write never completes: the callback is never called
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason };
    },
  });
  return hubSocket;
}

const accountability = { user: { uuid: 'u' }, project_uuid: 'p', roles: [], is_admin: true, permissions: [] } as unknown as Accountability;
const principal = { by: 'session' as const, hash: 'h', userUuid: 'u', projectUuid: 'p', workspaceUuid: null };
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await flush();
  expect(done()).toBe(true);
}
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A socket whose writes complete at once. */
function openSocket() {
  const socket = { readyState: 1, bufferedAmount: 0, sent: [] as string[] };
  return Object.assign(socket, {
    send(text: string, done: (error?: Error) => void) {
      socket.sent.push(text);
      done();
    },
    close() {
      socket.readyState = 3;
    },
  });
}

/** The one query the hub makes for events without a component: the rows of `ids`, answered in reverse (the order must not come from the database). */
function eventsDb(reads: string[][]) {
  const row = (uuid: string) => ({ uuid, project_uuid: 'p', env: 'dev', topic: `system.${uuid}.dev`, component_uuid: null, record_uuid: null, actor: null, payload: { n: uuid }, created_at: new Date(0), kept: true });
  return {
    selectFrom: () => ({
      selectAll: () => ({
        where: (_column: string, _op: string, ids: string[]) => ({
          execute: async () => {
            reads.push([...ids]);
            return [...ids].reverse().map(row);
          },
        }),
      }),
    }),
  } as unknown as Kysely<Database>;
}

describe('event hub', () => {
  it('closes a socket with 4008 when its unwritten messages reach the limit', async () => {
    const hub = new EventHub({} as Kysely<Database>, createLocalBus(), { sessionIdleMs: 60_000, queueMessages: 3, queueBytes: 1 << 20 });
    const socket = stalledSocket();
    const client = hub.add(socket, principal, accountability, undefined);
    for (let i = 0; i < 4; i++) client.message(JSON.stringify({ type: 'subscribe', topics: [`t${i}`] }));
    await flush();
    expect(socket.sent).toHaveLength(3);
    expect(socket.closed).toEqual({ code: CLOSE.slowConsumer, reason: 'slowConsumer' });
    expect(hub.size).toBe(0);
    hub.close();
  });

  it('closes at once past the byte limit, and with 1008 on a message that is not ours', async () => {
    const hub = new EventHub({} as Kysely<Database>, createLocalBus(), { sessionIdleMs: 60_000, queueMessages: 1000, queueBytes: 100 });
    const full = stalledSocket(100);
    hub.add(full, principal, accountability, undefined).message(JSON.stringify({ type: 'subscribe', topics: ['#'] }));
    await flush();
    expect(full.closed).toEqual({ code: CLOSE.slowConsumer, reason: 'slowConsumer' });
    const rude = stalledSocket();
    hub.add(rude, principal, accountability, undefined).message('{"type":"shout"}');
    expect(rude.closed).toEqual({ code: CLOSE.badMessage, reason: 'badMessage' });
    hub.close();
  });

  it('delivers ids heard meanwhile in one read, in the order heard; a subscribe answer queued between them closes the batch', async () => {
    const reads: string[][] = [];
    const bus = createLocalBus();
    const hub = new EventHub(eventsDb(reads), bus, { sessionIdleMs: 60_000, queueMessages: 1000, queueBytes: 1 << 20 });
    const socket = openSocket();
    const client = hub.add(socket, principal, accountability, undefined);
    client.message(JSON.stringify({ type: 'subscribe', topics: ['#'] }));
    await flush();
    // The local bus calls the hub at once: all of these are heard before the first delivery starts.
    void bus.publish('events.new', { ids: ['a', 'b'] });
    void bus.publish('events.new', { ids: ['c'] });
    client.message(JSON.stringify({ type: 'subscribe', topics: ['system.*.dev'] }));
    void bus.publish('events.new', { ids: ['d'] });
    void bus.publish('events.new', { ids: ['e'] });
    await until(() => socket.sent.length === 7);
    expect(reads).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(socket.sent.map((text) => JSON.parse(text) as { topic?: string; type?: string }).map((message) => message.topic ?? message.type)).toEqual([
      'subscribed',
      'system.a.dev',
      'system.b.dev',
      'system.c.dev',
      'subscribed',
      'system.d.dev',
      'system.e.dev',
    ]);
    hub.close();
  });
});
