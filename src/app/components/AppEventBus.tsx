// Starts the event bus after sign-in for the current project and environment
// (docs/event-bus-client.md): one client per project and environment, stopped on sign-out or a switch. The browser's
// WebSocket, the token call and the eventBus machine are passed to the framework-free client.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { eventBusMachine } from '../../../machines/eventBus.machine';
import { claimsQueryOptions } from '../../../renderers/data/queries';
import { EventBusProvider } from '../../../renderers/data/eventBus';
import { environmentStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { eventBusApi } from '../../../runtime/client/eventBus';
import { busUrl, createEventBusClient, type EventBusClient, type WebSocketConstructor } from '../../../runtime/events/client';

export function AppEventBus({ children }: { children: ReactNode }) {
  const claims = useQuery(claimsQueryOptions());
  const project = claims.data?.ProjectUUID ?? null;
  const env = useStore(environmentStore);
  const [client, setClient] = useState<EventBusClient | null>(null);
  useEffect(() => {
    if (!project || typeof WebSocket === 'undefined') return;
    const bus = createEventBusClient({
      machine: eventBusMachine,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      authorize: () => eventBusApi.token(),
      url: (token) => busUrl(window.location.origin, project, token),
    });
    setClient(bus);
    bus.start();
    return () => {
      bus.dispose();
      setClient(null);
    };
  }, [project, env]);
  return <EventBusProvider client={client}>{children}</EventBusProvider>;
}
