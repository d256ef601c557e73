// Which live records' values a deploy puts at risk (docs/components.md "The records' fate"): pure, from
// the diff from what is live and the newer version's compiled fields. The server counts the records
// in SQL (src/server/records/fate-sql.ts), rule by rule as runtime/validation judges a value.
import type { ViewField } from '../../schemas';
import type { VersionDiff, VersionFate, VersionPropertyChange } from '../api/components';

/** A field of the newer version whose rules may refuse values live records hold. */
export interface FateField {
  /** Where the live records keep the value: the older key (a renamed key's values stay under it). */
  stored: string;
  /** The newer version's compiled field (its key, renderer, validation plan, unique). */
  field: ViewField;
}

export interface FatePlan {
  /** Fields the newer version removes: their values are lost. */
  removed: string[];
  /** Fields added, changed in type, or with a rule tightened: checked against every rule of the newer field. */
  checked: FateField[];
}

/**
 * A change that may refuse values live records hold: a tightened constraint, a type changed, or a
 * changed list of choices (the diff says no effect of a list, but an item taken out refuses its values).
 */
const risky = (change: VersionPropertyChange) =>
  change.effect === 'tightened' || change.group === 'type' || change.property === 'constraints.selectables' || change.property.startsWith('constraints.selectables.');

/**
 * The plan of a diff's fate. Added fields are checked too (a new required field refuses every record
 * without it); a changed field is checked against all of its newer rules, since a record refused by an
 * unchanged rule is refused all the same.
 */
export function fatePlan(diff: VersionDiff, newerFields: readonly ViewField[]): FatePlan {
  const byKey = new Map(newerFields.map((field) => [field.key, field]));
  const checked: FateField[] = [];
  for (const added of diff.fields.added) {
    const field = byKey.get(String(added.key));
    if (field) checked.push({ stored: field.key, field });
  }
  for (const change of diff.fields.changed) {
    if (!change.changes.some(risky)) continue;
    const renamed = change.changes.find((one) => one.property === 'key');
    const field = byKey.get(typeof renamed?.to === 'string' ? renamed.to : change.key);
    if (field) checked.push({ stored: change.key, field });
  }
  return { removed: diff.fields.removed.map((field) => String(field.key)), checked };
}

/** Nothing to count: no field removed, added or put at risk. */
export const isEmptyFatePlan = (plan: FatePlan) => plan.removed.length === 0 && plan.checked.length === 0;

export type FateLineKey = 'cmp.fate.refused' | 'cmp.fate.losing' | 'cmp.fate.none' | 'cmp.fate.timedOut';

/**
 * The fate's line in the reader's language ("312 live records would be refused by the new rules; 40
 * would lose a value"); `t` formats a key with its values.
 */
export function fateLine(fate: VersionFate, t: (key: FateLineKey, values: Record<string, number>) => string): string {
  if (fate.timed_out) return t('cmp.fate.timedOut', {});
  const parts: string[] = [];
  if (fate.refused > 0) parts.push(t('cmp.fate.refused', { count: fate.refused }));
  if (fate.losing > 0) parts.push(t('cmp.fate.losing', { count: fate.losing }));
  return parts.length > 0 ? parts.join('; ') : t('cmp.fate.none', { records: fate.records });
}
