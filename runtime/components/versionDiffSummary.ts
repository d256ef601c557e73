// The summary line of a version diff ("2 fields added, 1 constraint tightened"; docs/components.md
// "Version diff"): its parts as message keys with counts, joined in the reader's language.
import type { VersionDiffCounts } from '../api/components';

export type VersionDiffSummaryKey =
  | 'cmp.diff.fieldsAdded'
  | 'cmp.diff.fieldsRemoved'
  | 'cmp.diff.typesChanged'
  | 'cmp.diff.constraintsTightened'
  | 'cmp.diff.constraintsLoosened'
  | 'cmp.diff.fieldsChanged'
  | 'cmp.diff.itemsChanged'
  | 'cmp.diff.settingsChanged';

/** Which count each part of the line says, in the line's order. */
const PARTS: [keyof VersionDiffCounts, VersionDiffSummaryKey][] = [
  ['fieldsAdded', 'cmp.diff.fieldsAdded'],
  ['fieldsRemoved', 'cmp.diff.fieldsRemoved'],
  ['typesChanged', 'cmp.diff.typesChanged'],
  ['constraintsTightened', 'cmp.diff.constraintsTightened'],
  ['constraintsLoosened', 'cmp.diff.constraintsLoosened'],
  ['fieldsOtherwiseChanged', 'cmp.diff.fieldsChanged'],
  ['itemsChanged', 'cmp.diff.itemsChanged'],
  ['settingsChanged', 'cmp.diff.settingsChanged'],
];

/** The parts of the line that have something to say (none: the versions are the same). */
export function versionDiffSummaryParts(counts: VersionDiffCounts): { key: VersionDiffSummaryKey; count: number }[] {
  return PARTS.filter(([count]) => counts[count] > 0).map(([count, key]) => ({ key, count: counts[count] }));
}

/** The line in the reader's language: `t` formats a key with its count ('cmp.diff.none' when nothing differs). */
export function versionDiffSummary(counts: VersionDiffCounts, t: (key: VersionDiffSummaryKey | 'cmp.diff.none', values: { count: number }) => string): string {
  const parts = versionDiffSummaryParts(counts);
  if (parts.length === 0) return t('cmp.diff.none', { count: 0 });
  return parts.map(({ key, count }) => t(key, { count })).join(', ');
}
