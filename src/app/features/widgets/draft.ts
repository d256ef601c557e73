// The settings form's values (what @rjsf/core edits: the filter and the pipeline as JSON text) and the
// widget they save as. JSON that does not parse stays in the form with its message; nothing is sent.
import type { Widget, WidgetKind, WidgetSettings, WidgetWrite, ChartType } from '../../../../runtime/api/widgets';

export interface WidgetDraft {
  name: string;
  kind: WidgetKind;
  chart: ChartType;
  component: string;
  filter: string;
  aggregate: string;
  label: string;
  value: string;
  refresh_seconds: number;
  limit: number;
}

export const EMPTY_DRAFT: WidgetDraft = {
  name: '',
  kind: 'chart',
  chart: 'bar',
  component: '',
  filter: '',
  aggregate: '',
  label: '',
  value: '',
  refresh_seconds: 60,
  limit: 10,
};

const text = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2));

export function draftOf(widget: Widget): WidgetDraft {
  const s = widget.settings;
  return {
    name: widget.name,
    kind: widget.kind,
    chart: s.chart ?? 'bar',
    component: widget.component,
    filter: text(s.filter),
    aggregate: text(s.aggregate),
    label: s.label ?? '',
    value: s.value ?? '',
    refresh_seconds: s.refresh_seconds ?? 0,
    limit: s.limit ?? 10,
  };
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJson(source: string): Parsed {
  if (source.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    return { ok: false };
  }
}

/** The draft as the widget call takes it, or the fields whose JSON does not parse. */
export function writeOf(draft: WidgetDraft): { write: WidgetWrite & { settings: WidgetSettings }; invalid: string[] } {
  const filter = parseJson(draft.filter);
  const aggregate = parseJson(draft.aggregate);
  const invalid = [...(filter.ok ? [] : ['filter']), ...(aggregate.ok ? [] : ['aggregate'])];
  const settings: WidgetSettings = {
    filter: filter.ok ? (filter.value as WidgetSettings['filter']) : null,
    aggregate: aggregate.ok ? (aggregate.value as WidgetSettings['aggregate']) : null,
    refresh_seconds: draft.refresh_seconds,
    ...(draft.kind === 'chart' ? { chart: draft.chart } : {}),
    ...(draft.kind === 'table' ? { limit: draft.limit } : {}),
    ...(draft.label.trim() ? { label: draft.label.trim() } : {}),
    ...(draft.value.trim() ? { value: draft.value.trim() } : {}),
  };
  return { write: { name: draft.name.trim(), kind: draft.kind, component: draft.component, settings }, invalid };
}

/** A saved answer's field (settings.filter.price, name) as the form's key (filter, name). */
export const formKeyOf = (field: string) => field.replace(/^settings\./, '').split('.')[0]!;
