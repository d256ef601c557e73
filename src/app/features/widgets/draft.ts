// The settings form's values (what @rjsf/core edits: the filter and the pipeline as JSON text) and the
// widget they save as. JSON that does not parse stays in the form with its message; nothing is sent.
import type { Widget, WidgetKind, WidgetSettings, WidgetWrite, ChartType } from '../../../../runtime/api/widgets';

export interface WidgetDraft {
  name: string;
  kind: WidgetKind;
  chart: ChartType;
  /** Where the data comes from: a component's records, or a thunder data set (docs/thunder.md). */
  source: 'component' | 'thunder';
  component: string;
  /** The data set's uuid. */
  thunder: string;
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
  source: 'component',
  component: '',
  thunder: '',
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
    source: widget.thunder ? 'thunder' : 'component',
    component: widget.component ?? '',
    thunder: widget.thunder ?? '',
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
  const fromSet = draft.source === 'thunder';
  // A data set's widget has no query of its own: its filter and pipeline are the set's.
  const filter = fromSet ? ({ ok: true, value: null } as Parsed) : parseJson(draft.filter);
  const aggregate = fromSet ? ({ ok: true, value: null } as Parsed) : parseJson(draft.aggregate);
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
  const source = fromSet ? { component: null, thunder: draft.thunder } : { component: draft.component, thunder: null };
  return { write: { name: draft.name.trim(), kind: draft.kind, ...source, settings }, invalid };
}

/** A saved answer's field (settings.filter.price, name) as the form's key (filter, name). */
export const formKeyOf = (field: string) => field.replace(/^settings\./, '').split('.')[0]!;
