// The event bus for screens (docs/event-bus-client.md): the app provides a client
// (runtime/events/client.ts) through EventBusContext; screens subscribe with useBusTopic and read
// the connection with useBusStatus. Without a provider (tests, isolated renderers) nothing is
// subscribed and the status is 'idle', so screens fall back to polling.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { EventBusClient } from '../../runtime/events/client';
import type { BusEvent, BusStatus } from '../../runtime/events/protocol';

export const EventBusContext = createContext<EventBusClient | null>(null);

export function EventBusProvider({ client, children }: { client: EventBusClient | null; children: ReactNode }) {
  return <EventBusContext.Provider value={client}>{children}</EventBusContext.Provider>;
}

export function useBusClient(): EventBusClient | null {
  return useContext(EventBusContext);
}

const idle = (): BusStatus => 'idle';
const noop = () => () => undefined;

/** The connection as the header shows it; 'idle' without a bus. */
export function useBusStatus(): BusStatus {
  const client = useBusClient();
  return useSyncExternalStore(
    client ? (listener) => client.onChange(listener) : noop,
    client ? () => client.status : idle,
    client ? () => client.status : idle,
  );
}

/** Whether events arrive now (screens poll as a fallback when they do not). */
export function useBusConnected(): boolean {
  return useBusStatus() === 'connected';
}

/**
 * Calls handler for each event whose topic matches `topic` ('*' for one dot-separated part); null
 * subscribes nothing. The newest handler is called, without resubscribing when it changes.
 */
export function useBusTopic(topic: string | null, handler: (event: BusEvent) => void): void {
  const client = useBusClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!client || !topic) return;
    return client.subscribe(topic, (event) => latest.current(event));
  }, [client, topic]);
}

/** Calls `callback` after a reconnect (events in between were missed: refetch). */
export function useBusReconnect(callback: () => void): void {
  const client = useBusClient();
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => (client ? client.onReconnect(() => latest.current()) : undefined), [client]);
}
