// Query factories of the widget calls (runtime/client/widgets.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { widgetsApi, type Widget, type WidgetKind, type WidgetSettings } from '../../../../runtime/client/widgets';

export const widgetKeys = {
  all: ['widgets'] as const,
  one: (uuid: string) => ['widgets', uuid] as const,
  data: (uuid: string) => ['widgets', uuid, 'data'] as const,
  places: ['widgets', 'places'] as const,
  preview: (component: string, kind: WidgetKind, settings: WidgetSettings) => ['widgets', 'preview', component, kind, settings] as const,
};

export const widgetsQueryOptions = () => queryOptions({ queryKey: widgetKeys.all, queryFn: ({ signal }) => widgetsApi.list(signal) });

/** The editor keeps its own copy: a background refetch must not replace what is being edited. */
export const widgetQueryOptions = (uuid: string) => queryOptions({ queryKey: widgetKeys.one(uuid), queryFn: ({ signal }) => widgetsApi.get(uuid, signal), staleTime: Infinity });

/** A widget's data, read again every refresh_seconds (never when 0). */
export const widgetDataQueryOptions = (widget: Widget) =>
  queryOptions({
    queryKey: widgetKeys.data(widget.uuid),
    queryFn: ({ signal }) => widgetsApi.data(widget.uuid, signal),
    refetchInterval: widget.settings.refresh_seconds ? widget.settings.refresh_seconds * 1000 : false,
    retry: false,
  });

export const widgetPlacesQueryOptions = () => queryOptions({ queryKey: widgetKeys.places, queryFn: ({ signal }) => widgetsApi.places(signal) });

/** The editor's preview of unsaved settings: the record list's answer to the same parameters. */
export const widgetPreviewQueryOptions = (component: string, kind: WidgetKind, settings: WidgetSettings) =>
  queryOptions({
    queryKey: widgetKeys.preview(component, kind, settings),
    queryFn: ({ signal }) => widgetsApi.preview(component, kind, settings, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const widgetHref = (uuid: string) => `/admin/widgets/edit/${encodeURIComponent(uuid)}`;
