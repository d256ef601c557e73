// The definition form's values (what @rjsf/core edits: the filter and the pipeline as JSON text) and the
// write they save as. JSON that does not parse stays in the form with its message; nothing is sent.
import type { ThunderSet, ThunderSource, ThunderWrite } from '../../../../runtime/api/thunder';

export interface ThunderDraft {
  name: string;
  source: ThunderSource;
  component: string;
  filter: string;
  aggregate: string;
  connection: string;
  sql: string;
  schedule_minutes: number;
  rebuild_on_change: boolean;
}

export const EMPTY_DRAFT: ThunderDraft = {
  name: '',
  source: 'component',
  component: '',
  filter: '',
  aggregate: '',
  connection: '',
  sql: '',
  schedule_minutes: 0,
  rebuild_on_change: true,
};

const text = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2));

export function draftOf(set: ThunderSet): ThunderDraft {
  return {
    name: set.name,
    source: set.source,
    component: set.component ?? '',
    filter: text(set.filter),
    aggregate: text(set.aggregate),
    connection: set.connection ?? '',
    sql: set.sql ?? '',
    schedule_minutes: set.schedule_minutes,
    rebuild_on_change: set.rebuild_on_change,
  };
}

function parseJson(source: string): { ok: true; value: unknown } | { ok: false } {
  if (source.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    return { ok: false };
  }
}

/** The draft as POST and PUT take it (only its source's keys), or the fields whose JSON does not parse. */
export function writeOf(draft: ThunderDraft): { write: ThunderWrite; invalid: string[] } {
  const common = { name: draft.name.trim(), source: draft.source, schedule_minutes: draft.schedule_minutes };
  if (draft.source === 'ratchet') return { write: { ...common, connection: draft.connection, sql: draft.sql }, invalid: [] };
  const filter = parseJson(draft.filter);
  const aggregate = parseJson(draft.aggregate);
  const invalid = [...(filter.ok ? [] : ['filter']), ...(aggregate.ok ? [] : ['aggregate'])];
  return {
    write: {
      ...common,
      component: draft.component,
      filter: filter.ok ? (filter.value as Record<string, unknown> | null) : null,
      aggregate: aggregate.ok ? (aggregate.value as unknown[] | null) : null,
      rebuild_on_change: draft.rebuild_on_change,
    },
    invalid,
  };
}

/** A saved answer's field (aggregate.0.$group, name) as the form's key (aggregate, name). */
export const formKeyOf = (field: string) => field.split('.')[0]!;
