// The relation's value and its companion {key}_RefObj, changed together: one foreign key (or a list of
// them for one-to-many and multiple), and the chosen records as the list or a dialog gave them (else as
// known). The combo box reports its whole selection; the one key that came or went is the pick.
import { useMemo } from 'react';
import { asList, asText } from '../../shared/values';
import { keyOf, type ChosenValue, type Row, type RowItem } from './rows';

interface RelationValueOptions {
  value: unknown;
  many: boolean;
  keyField: string;
  readOnly: boolean;
  known: Record<string, Row>;
  onChange(value: unknown): void;
  setCompanion(companion: unknown): void;
}

/** An option's key in the relation's list. */
export type Key = string | number;

export function useRelationValue({ value, many, keyField, readOnly, known, onChange, setCompanion }: RelationValueOptions) {
  const chosen = useMemo(() => asList(value).filter((v): v is ChosenValue => typeof v === 'string' || typeof v === 'number'), [value]);
  const isChosen = (row: Row) => {
    const key = keyOf(row, keyField);
    return key !== null && chosen.some((v) => asText(v) === asText(key));
  };
  const companionFor = (values: ChosenValue[], extra: Row[]): unknown => {
    const byKey = (v: ChosenValue) => extra.find((row) => asText(keyOf(row, keyField)) === asText(v)) ?? known[asText(v)] ?? null;
    return many ? values.map(byKey).filter((row): row is Row => row !== null) : values.length > 0 ? byKey(values[0]!) : null;
  };
  const commit = (values: ChosenValue[], extra: Row[] = []) => {
    setCompanion(companionFor(values, extra));
    onChange(many ? values : (values[0] ?? null));
  };
  const pick = (row: Row) => {
    const key = keyOf(row, keyField);
    if (key === null || readOnly) return;
    if (!many) return commit([key], [row]);
    const next = isChosen(row) ? chosen.filter((v) => asText(v) !== asText(key)) : [...chosen, key];
    commit(next, [row]);
  };
  const unpick = (v: ChosenValue) => commit(chosen.filter((c) => asText(c) !== asText(v)));
  const onSelection = (rows: readonly RowItem[], next: Key | null | Key[]) => {
    if (readOnly) return;
    const rowOf = (key: Key) => rows.find((r) => r.id === String(key))?.row;
    if (!Array.isArray(next)) {
      const row = next === null ? undefined : rowOf(next);
      if (row && !isChosen(row)) pick(row);
      return;
    }
    const now = new Set(next.map(String));
    const before = new Set(chosen.map(asText));
    const added = next.find((k) => !before.has(String(k)));
    const removed = chosen.find((v) => !now.has(asText(v)));
    const row = added !== undefined ? rowOf(added) : undefined;
    if (row) pick(row);
    else if (removed !== undefined) unpick(removed);
  };
  /** Empties the value and its companion (the chosen record was removed). */
  const clear = () => {
    setCompanion(many ? [] : null);
    onChange(many ? [] : null);
  };
  return { chosen, commit, unpick, onSelection, clear };
}

export type RelationValue = ReturnType<typeof useRelationValue>;
