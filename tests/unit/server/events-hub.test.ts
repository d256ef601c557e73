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
import { framesOf } from '../../../src/server/events/frames';
import type { Accountability } from '../../../src/server/auth/tenancy';

function stalledSocket(bufferedAmount = 0) {
  const socket = { readyState: 1, bufferedAmount, sent: [] as string[], closed: null as null | { code: number; reason: string } };
  const hubSocket: HubSocket & typeof socket = Object.assign(socket, {
    send(data: Buffer) {
      socket.sent.push(data.toString('utf8')); // the write never completes: the callback is never called
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
type Message = { topic?: string; type?: string; payload?: unknown };
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A socket whose writes complete at once. */
function openSocket() {
  const socket = { readyState: 1, bufferedAmount: 0, sent: [] as string[] };
  return Object.assign(socket, {
    send(data: Buffer, _options: { binary: false }, done: (error?: Error) => void) {
      socket.sent.push(data.toString('utf8'));
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
    await until(() => socket.sent.length === 4);
    expect(reads).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    // A delivery's events reach the socket as one frame: a JSON array in commit order.
    const frames = socket.sent.map((text) => JSON.parse(text) as Message | Message[]);
    expect(frames.map((frame) => (Array.isArray(frame) ? frame.length : 1))).toEqual([1, 3, 1, 2]);
    expect(frames.flat().map((message) => message.topic ?? message.type)).toEqual([
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

describe('event frames', () => {
  it('one message is a frame of its own; several are one JSON array in order, cut at the byte limit', () => {
    const texts = ['{"topic":"a"}', '{"topic":"b"}', '{"topic":"ü"}', '{"topic":"d"}'];
    expect(framesOf(texts.slice(0, 1)).map((frame) => frame.data.toString())).toEqual(['{"topic":"a"}']);
    const whole = framesOf(texts);
    expect(whole).toHaveLength(1);
    expect(JSON.parse(whole[0]!.data.toString())).toEqual([{ topic: 'a' }, { topic: 'b' }, { topic: 'ü' }, { topic: 'd' }]);
    expect(whole[0]!.messages).toBe(4);
    // 13 bytes a message (14 with the two-byte ü) and one for its comma or bracket: two fit in 31 bytes, not three.
    const cut = framesOf(texts, 31);
    expect(cut.map((frame) => frame.messages)).toEqual([2, 2]);
    expect(cut.flatMap((frame) => JSON.parse(frame.data.toString()) as unknown[])).toEqual(JSON.parse(whole[0]!.data.toString()));
    for (const frame of cut) expect(frame.data.length).toBeLessThanOrEqual(31);
    // A message bigger than the limit still goes, alone.
    expect(framesOf(['{"topic":"a"}', `{"topic":"${'x'.repeat(40)}"}`, '{"topic":"b"}'], 31).map((frame) => frame.messages)).toEqual([1, 1, 1]);
    expect(framesOf([])).toEqual([]);
  });
});
