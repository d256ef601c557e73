// The event-bus client against a real WebSocket server (the `ws` package on loopback) speaking the
// bus protocol: single-use tokens, subscribe and unsubscribe messages, {topic, payload} events, and
// the close codes of spec section 4. The machine's 5000 ms delay runs on a SimulatedClock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { eventBusMachine } from '../../../machines/eventBus.machine';
import { busUrl, createEventBusClient, type BusHandler, type EventBusClient } from '../../../runtime/events/client';
import { busServer, ws } from '../../support/bus-server';
import { RECONNECT_DELAY_MS, type BusEvent } from '../../../runtime/events/protocol';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

async function setup(options: { tokenUrl?: (origin: string, token: string) => string } = {}) {
  const server = await busServer();
  const clock = new SimulatedClock();
  const client = createEventBusClient({
    machine: eventBusMachine,
    WebSocket: ws.WebSocket,
    authorize: server.authorize,
    url: (token) => options.tokenUrl?.(server.origin, token) ?? busUrl(server.origin, 'project-1', token),
    clock,
  });
  cleanup.push(() => server.close(), () => client.dispose());
  return { server, client, clock };
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const collect = (client: EventBusClient, topic: string) => {
  const seen: BusEvent[] = [];
  const handler: BusHandler = (event) => void seen.push(event);
  const off = client.subscribe(topic, handler);
  return { seen, off };
};

describe('event-bus client', () => {
  it('builds the socket URL from the page origin', () => {
    expect(busUrl('http://localhost:8080', 'p-1', 'a b')).toBe('ws://localhost:8080/api/bus/p-1?token=a+b');
    expect(busUrl('https://luma.example', 'p-1', 't')).toBe('wss://luma.example/api/bus/p-1?token=t');
  });

  it('connects after auth, subscribes the topics it holds and hands events to matching handlers', async () => {
    const { server, client } = await setup();
    const orders = collect(client, 'orders.create.live');
    const any = collect(client, 'orders.*.live');
    const states: string[] = [];
    client.onChange((state) => states.push(state));
    expect(client.status).toBe('idle');
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    expect(states).toEqual(['authorizing', 'connecting', 'connected']);
    expect(client.status).toBe('connected');
    await until(() => expect(server.connections[0]!.received).toEqual([{ type: 'subscribe', topics: ['orders.create.live', 'orders.*.live'] }]));
    server.publish('orders.create.live', { uuid: 'r1' });
    server.publish('orders.update.live', { uuid: 'r1' });
    server.publish('people.create.live', { uuid: 'p1' });
    await until(() => expect(any.seen).toHaveLength(2));
    expect(orders.seen).toEqual([{ topic: 'orders.create.live', payload: { uuid: 'r1' } }]);
    expect(any.seen.map((e) => e.topic)).toEqual(['orders.create.live', 'orders.update.live']);
  });

  it('subscribes and unsubscribes while connected; a topic is unsubscribed when its last handler goes', async () => {
    const { server, client } = await setup();
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    const a = collect(client, 'orders.delete.dev');
    const b = collect(client, 'orders.delete.dev');
    a.off();
    a.off();
    b.off();
    await until(() =>
      expect(server.connections[0]!.received).toEqual([
        { type: 'subscribe', topics: ['orders.delete.dev'] },
        { type: 'unsubscribe', topics: ['orders.delete.dev'] },
      ]),
    );
    expect(client.topics()).toEqual([]);
  });

  it('3002 reconnects at once with a new token and subscribes the same topics again; listeners hear of the reconnect', async () => {
    const { server, client } = await setup();
    const seen = collect(client, 'orders.create.live');
    let reconnects = 0;
    client.onReconnect(() => (reconnects += 1));
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    server.connections[0]!.socket.close(3002, 'shutdown');
    await until(() => expect(server.connections.map((c) => c.token)).toEqual(['t1', 't2']));
    await until(() => expect(client.state).toBe('connected'));
    await until(() => expect(server.connections[1]!.received).toEqual([{ type: 'subscribe', topics: ['orders.create.live'] }]));
    expect(reconnects).toBe(1);
    server.publish('orders.create.live', { n: 2 });
    await until(() => expect(seen.seen).toEqual([{ topic: 'orders.create.live', payload: { n: 2 } }]));
  });

  it('a dropped connection (1006) waits 5000 ms on the machine clock, then reconnects', async () => {
    const { server, client, clock } = await setup();
    collect(client, '#');
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    server.connections[0]!.socket.terminate();
    await until(() => expect(client.state).toBe('retrying'));
    expect(client.status).toBe('reconnecting');
    clock.increment(RECONNECT_DELAY_MS - 1);
    expect(client.state).toBe('retrying');
    expect(server.connections).toHaveLength(1);
    clock.increment(1);
    await until(() => expect(client.state).toBe('connected'));
    await until(() => expect(server.connections[1]!.received).toEqual([{ type: 'subscribe', topics: ['#'] }]));
  });

  it('a slow-consumer close (4008) retries after the delay', async () => {
    const { server, client, clock } = await setup();
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    server.connections[0]!.socket.close(4008, 'slowConsumer');
    await until(() => expect(client.state).toBe('retrying'));
    clock.increment(RECONNECT_DELAY_MS);
    await until(() => expect(client.state).toBe('connected'));
  });

  it('a refused token (1000 with reason 401) is unauthorized: no reconnect until reset', async () => {
    // The URL carries a token the server never issued.
    const { server, client, clock } = await setup({ tokenUrl: (origin) => busUrl(origin, 'project-1', 'forged') });
    client.start();
    await until(() => expect(client.state).toBe('unauthorized'));
    expect(client.status).toBe('unauthorized');
    clock.increment(10 * RECONNECT_DELAY_MS);
    expect(client.state).toBe('unauthorized');
    expect(server.connections).toHaveLength(1);
  });

  it('a token call failing with 500 stops the client (offline) until reset; reset connects', async () => {
    const { server, client, clock } = await setup();
    server.failAuth(500);
    client.start();
    await until(() => expect(client.state).toBe('stopped'));
    expect(client.status).toBe('offline');
    clock.increment(10 * RECONNECT_DELAY_MS);
    expect(client.state).toBe('stopped');
    server.failAuth(null);
    client.reset();
    await until(() => expect(client.state).toBe('connected'));
    expect(server.connections).toHaveLength(1);
  });

  it('stop closes the socket and keeps the topics; start connects and subscribes them again', async () => {
    const { server, client } = await setup();
    collect(client, 'orders.update.live');
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    client.stop();
    expect(client.state).toBe('idle');
    await until(() => expect(server.open()).toHaveLength(0));
    expect(client.topics()).toEqual(['orders.update.live']);
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    await until(() => expect(server.connections[1]!.received).toEqual([{ type: 'subscribe', topics: ['orders.update.live'] }]));
  });

  it('a frame holding an array of messages hands its events in order; junk inside it is skipped, frames of one message still work', async () => {
    const { server, client } = await setup();
    const any = collect(client, 'orders.*.live');
    client.start();
    await until(() => expect(server.connections[0]?.received).toEqual([{ type: 'subscribe', topics: ['orders.*.live'] }]));
    server.publish('orders.create.live', { n: 1 });
    server.publishFrame([
      { topic: 'orders.update.live', payload: { n: 2 } },
      { type: 'subscribed', topics: ['orders.*.live'] },
      'junk',
      { topic: 'orders.delete.live', payload: { n: 3 } },
      { topic: 'people.create.live', payload: { n: 4 } },
    ]);
    server.publish('orders.update.live', { n: 5 });
    await until(() => expect(any.seen).toHaveLength(4));
    expect(any.seen.map((event) => event.payload.n)).toEqual([1, 2, 3, 5]);
  });

  it('a throwing handler does not stop the others; junk messages are ignored', async () => {
    const server = await busServer();
    const errors: unknown[] = [];
    const client = createEventBusClient({
      machine: eventBusMachine,
      WebSocket: ws.WebSocket,
      authorize: server.authorize,
      url: (token) => busUrl(server.origin, 'project-1', token),
      onHandlerError: (error) => errors.push(error),
    });
    cleanup.push(() => server.close(), () => client.dispose());
    client.subscribe('a.create.live', () => {
      throw new Error('boom');
    });
    const ok = collect(client, 'a.create.live');
    client.start();
    await until(() => expect(client.state).toBe('connected'));
    for (const c of server.open()) {
      c.socket.send('not json');
      c.socket.send(JSON.stringify({ type: 'subscribed', topics: ['a.create.live'] }));
      c.socket.send(JSON.stringify({ topic: 'a.create.live' }));
    }
    server.publish('a.create.live', { ok: true });
    await until(() => expect(ok.seen).toHaveLength(1));
    expect(errors).toHaveLength(1);
  });
});
