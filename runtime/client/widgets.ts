// Widget calls of docs/widgets.md over the main client (no React, usable from Node). The editor's preview
// asks the record list itself with the same parameters the widget's data call uses (widgetListQuery).
import { widgetListQuery, type Widget, type WidgetData, type WidgetKind, type WidgetPlaces, type WidgetSettings, type WidgetWrite } from '../api/widgets';
import { mainClient } from './clients';
import { refPath } from './components';

export type * from '../api/widgets';

const seg = encodeURIComponent;

export const widgetsApi = {
  list: (signal?: AbortSignal) => mainClient.get<Widget[]>('/v1/system/widget/list', { signal }),
  get: (uuid: string, signal?: AbortSignal) => mainClient.get<Widget>(`/v1/system/widget/${seg(uuid)}`, { signal }),
  create: (body: WidgetWrite) => mainClient.post<Widget>('/v1/system/widget', body),
  update: (uuid: string, body: WidgetWrite) => mainClient.patch<Widget>(`/v1/system/widget/${seg(uuid)}`, body),
  remove: (uuid: string) => mainClient.delete<Record<string, never>>(`/v1/system/widget/${seg(uuid)}`),
  data: (uuid: string, signal?: AbortSignal) => mainClient.get<WidgetData>(`/v1/system/widget/${seg(uuid)}/data`, { signal }),
  places: (signal?: AbortSignal) => mainClient.get<WidgetPlaces>('/v1/system/widget/places', { signal }),
  setPlaces: (body: Partial<WidgetPlaces>) => mainClient.put<WidgetPlaces>('/v1/system/widget/places', body),
  /** Unsaved settings' data: the record list's answer to the same parameters. */
  preview: (component: string, kind: WidgetKind, settings: WidgetSettings, signal?: AbortSignal) =>
    mainClient.get<WidgetData>(`/v3/system/component/${refPath(component)}/models`, { query: widgetListQuery(kind, settings), signal }),
};
