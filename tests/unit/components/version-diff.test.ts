// Issue 34 item 1: the diff of known version pairs (tests/fixtures/version-diff-pairs.ts), stable and
// sorted, and its summary line in both languages.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { applyVersionDiff, diffVersions, isEmptyVersionDiff, versionDiffSummary } from '../../../runtime/components';
import { en_US } from '../../../runtime/i18n/en_US';
import { SR_CATALOGUE } from '../../../runtime/i18n/sr.catalogue';
import { EXPECTED, SUMMARY, V1, V2, V3 } from '../../fixtures/version-diff-pairs';

const intl = { en_US: createIntl({ locale: 'en-US', messages: en_US }), sr: createIntl({ locale: 'sr-Latn', messages: SR_CATALOGUE }) };
const line = (locale: 'en_US' | 'sr', counts: Parameters<typeof versionDiffSummary>[0]) =>
  versionDiffSummary(counts, (key, values) => intl[locale].formatMessage({ id: key }, values));

describe('diffVersions on known pairs', () => {
  it('v1 → v2: two fields added, a constraint tightened, one loosened, a field hidden, an event and a preset', () => {
    const diff = diffVersions('c', V1, V2);
    expect(diff).toMatchObject(EXPECTED.v1v2);
    expect(diff.fields.added.map((field) => field.key)).toEqual(['amount', 'code']);
    expect(applyVersionDiff(V1, diff)).toEqual(V2);
  });

  it('v2 → v3: a field removed, a type changed, a key renamed (paired by name), the config', () => {
    const diff = diffVersions('c', V2, V3);
    expect(diff).toMatchObject(EXPECTED.v2v3);
    expect(diff.fields.removed.map((field) => field.key)).toEqual(['code']);
    expect(applyVersionDiff(V2, diff)).toEqual(V3);
  });

  it('from nothing (before a first deploy): everything added', () => {
    const diff = diffVersions('c', null, V1);
    expect(diff.from).toBeNull();
    expect(diff.summary.fieldsAdded).toBe(2);
    expect(applyVersionDiff(null, diff)).toEqual(V1);
  });

  it('a version against an equal one differs in nothing but the name', () => {
    const diff = diffVersions('c', V1, { ...structuredClone(V1), version: 'v9' });
    expect(isEmptyVersionDiff(diff)).toBe(true);
    expect(line('en_US', diff.summary)).toBe('No changes');
    expect(line('sr', diff.summary)).toBe('Nema izmena');
  });

  it('is the same JSON whatever the keys order of the stored settings', () => {
    const reversed = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(reversed) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)])) : value;
    const shuffled = reversed(V2) as typeof V2;
    expect(JSON.stringify(diffVersions('c', V1, shuffled))).toBe(JSON.stringify(diffVersions('c', V1, V2)));
  });

  it('builds the summary line in both languages', () => {
    expect(line('en_US', diffVersions('c', V1, V2).summary)).toBe(SUMMARY.v1v2.en_US);
    expect(line('sr', diffVersions('c', V1, V2).summary)).toBe(SUMMARY.v1v2.sr);
    expect(line('en_US', diffVersions('c', V2, V3).summary)).toBe(SUMMARY.v2v3.en_US);
    expect(line('sr', diffVersions('c', V2, V3).summary)).toBe(SUMMARY.v2v3.sr);
  });
});
