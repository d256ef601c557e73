// The pickers speak the user's language: month names, steps and buttons come from the catalogues, in
// en_US and in Serbian (Latin); the calendars' day names come from the locale (react-aria).
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../runtime/i18n/catalogues';

describe('picker texts', () => {
  it('has every month, step and button in both languages, translated', () => {
    const keys = [
      ...Array.from({ length: 12 }, (_, m) => `picker.month.${m}`),
      ...['year', 'month', 'calendar', 'time'].map((step) => `picker.step.${step}`),
      'picker.cancel',
      'picker.ok',
      'picker.clear',
      'picker.previousMonth',
      'picker.nextMonth',
      'picker.years',
      'picker.months',
      'picker.hours',
      'picker.minutes',
    ];
    const en = CATALOGUES.en_US as Record<string, string>;
    const sr = CATALOGUES.sr as Record<string, string>;
    for (const key of keys) {
      expect(en[key], key).toBeTruthy();
      expect(sr[key], key).toBeTruthy();
    }
    expect(en['picker.month.0']).toBe('January');
    expect(sr['picker.month.0']).toBe('januar');
    // Nothing left in English on the Serbian screen.
    expect(keys.filter((key) => en[key] === sr[key])).toEqual([]);
  });
});
