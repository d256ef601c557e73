// A widget over a thunder data set follows the set's builds ('thunder.build.{env}', its uuid in the
// payload, docs/thunder.md): each finished build reads it again.
// A placed widget follows its component's writes over the event bus ('{ref}.*.{env}', docs/event-bus-client.md):
// a create, change, removal, bulk or import read it again, on top of its refresh interval. A burst of
// events (an import's batches) reads it once more after the read in flight, not once an event. The
// component's ref comes from the menu, else from the components list (a member without settings
// rights on a component that is not in the menu gets no live reads: the interval still applies).
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { thunderBuildTopic } from '../../../../runtime/api/thunder';
import type { Widget } from '../../../../runtime/api/widgets';
import { findComponent } from '../../../../runtime/client/components';
import { recordTopic } from '../../../../runtime/events/protocol';
import { componentMenuQueryOptions, componentsQueryOptions } from '../../../../renderers/data/components';
import { useBusReconnect, useBusTopic } from '../../../../renderers/data/eventBus';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';

/** The bus topic of the widget's component in this environment, or null while its ref is unknown. */
function useWidgetTopic(widget: Widget): string | null {
  const env = useStore(environmentStore);
  const component = widget.component;
  const menu = useQuery({ ...componentMenuQueryOptions(), enabled: component !== null });
  const inMenu = component ? findComponent(menu.data, component) : undefined;
  const list = useQuery({ ...componentsQueryOptions(), enabled: component !== null && menu.isFetched && !inMenu });
  if (widget.thunder) return thunderBuildTopic(env);
  const ref = component ? (inMenu ?? findComponent(list.data, component))?.ref : undefined;
  return ref ? recordTopic(ref, '*', env) : null;
}

export function useLiveWidget(widget: Widget, data: Pick<UseQueryResult, 'isFetching' | 'refetch'>): void {
  const topic = useWidgetTopic(widget);
  const again = useRef(false);
  const { isFetching, refetch } = data;
  const read = useCallback(() => {
    if (isFetching) again.current = true;
    else void refetch();
  }, [isFetching, refetch]);
  useBusTopic(topic, (event) => {
    // A build of another set is not this widget's.
    if (widget.thunder && (event.payload as { uuid?: unknown } | undefined)?.uuid !== widget.thunder) return;
    read();
  });
  // Events between two connections were missed.
  useBusReconnect(read);
  useEffect(() => {
    if (isFetching || !again.current) return;
    again.current = false;
    void refetch();
  }, [isFetching, refetch]);
}
