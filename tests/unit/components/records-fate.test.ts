// Issue 34 item 2: which fields a deploy's fate checks (fatePlan) and the line the confirmation says
// (fateLine), in both languages.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { compileViewSchema } from '../../../runtime/compile';
import { diffVersions, fateLine, fatePlan } from '../../../runtime/components';
import type { VersionFate } from '../../../runtime/api/components';
import { componentScreensEn_US as enMessages } from '../../../runtime/i18n/en_US/componentScreens';
import { componentScreensSr as srMessages } from '../../../runtime/i18n/sr/componentScreens';
import { V1, V2, V3 } from '../../fixtures/version-diff-pairs';

const compiled = (settings: typeof V1) =>
  compileViewSchema(settings, { component: { uuid: 'c', ref: 'c', name: 'c', label: {} }, locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' }).fields;

describe('fatePlan', () => {
  it('checks the added fields and the tightened ones; a loosened or hidden field is not checked', () => {
    const plan = fatePlan(diffVersions('c', V1, V2), compiled(V2));
    expect(plan.removed).toEqual([]);
    expect(plan.checked.map((entry) => [entry.stored, entry.field.key])).toEqual([['amount', 'amount'], ['code', 'code'], ['title', 'title']]);
  });

  it('reads a renamed field under its older key and lists the removed ones', () => {
    const plan = fatePlan(diffVersions('c', V2, V3), compiled(V3));
    expect(plan.removed).toEqual(['code']);
    // title's type changed (checked); amount → total only renamed, so not checked.
    expect(plan.checked.map((entry) => [entry.stored, entry.field.key])).toEqual([['title', 'title']]);
  });

  it('checks a field whose list of choices changed (an item taken out refuses the records holding it)', () => {
    const withItems = (items: string[]) => ({
      ...V1,
      fields: V1.fields.map((field) => (field.key === 'title' ? { ...field, module: 'select', type: 'text', constraints: { ...field.constraints, selectables: { items } } } : field)),
    });
    const [older, newer] = [withItems(['new', 'paid', 'sent']), withItems(['new', 'paid'])];
    expect(fatePlan(diffVersions('c', older, newer), compiled(newer)).checked.map((entry) => entry.field.key)).toEqual(['title']);
    expect(fatePlan(diffVersions('c', older, older), compiled(older)).checked).toEqual([]);
  });
});

describe('fateLine', () => {
  const fate = (refused: number, losing: number, records = 400): VersionFate => ({ records, refused, losing, counts: [], first: [], uncounted: [] });
  const say = (messages: Record<string, string>, locale: string) => {
    const intl = createIntl({ locale, messages });
    return (value: VersionFate) => fateLine(value, (key, values) => intl.formatMessage({ id: key }, values));
  };

  it('says refused and lost records in English', () => {
    const en = say(enMessages, 'en');
    expect(en(fate(312, 40))).toBe('312 live records would be refused by the new rules; 40 would lose a value');
    expect(en(fate(1, 0))).toBe('1 live record would be refused by the new rules');
    expect(en(fate(0, 0))).toBe('None of the 400 live records would be refused or lose a value.');
    expect(en(fate(0, 0, 0))).toBe('No live records yet.');
    expect(en({ ...fate(0, 0, 0), timed_out: true })).toBe('The live records were not counted: counting took too long. Check them with a filter on the list before going live.');
    expect(say(srMessages, 'sr')({ ...fate(0, 0, 0), timed_out: true })).toMatch(/^Zapisi na live nisu prebrojani/);
  });

  it('and in Serbian', () => {
    const sr = say(srMessages, 'sr');
    expect(sr(fate(312, 40))).toBe('Nova pravila bi odbila 312 zapisa na live; 40 bi izgubilo vrednost');
    expect(sr(fate(2, 1))).toBe('Nova pravila bi odbila 2 zapisa na live; 1 bi izgubio vrednost');
  });
});
