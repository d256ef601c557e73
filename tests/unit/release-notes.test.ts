// The release notes of /home/platform/updates (docs/platform.md "Updates"): release-notes.json is
// well formed (versions, dates, every interface language with the same number of notes, no repeated
// version) and holds the running version; the page's order is by version, newest first, whatever the
// file's order, and leaves out versions after the running one.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../runtime/i18n/tags';
import { compareVersions, isVersion, notesIn, releasesUpTo, type Release } from '../../runtime/platform/releaseNotes';

const releases = JSON.parse(readFileSync('release-notes.json', 'utf8')) as Release[];
const running = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describe('release-notes.json', () => {
  it('is well formed in every language, and has the running version', () => {
    expect(releases.length).toBeGreaterThan(0);
    expect(new Set(releases.map((release) => release.version)).size).toBe(releases.length);
    for (const release of releases) {
      expect(isVersion(release.version), release.version).toBe(true);
      expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(release.date))).toBe(false);
      expect(Object.keys(release.notes).sort()).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        expect(release.notes[locale].length, `${release.version} ${locale}`).toBe(release.notes.en_US.length);
        for (const note of release.notes[locale]) {
          expect(note.title.trim().length).toBeGreaterThan(0);
          expect(note.text.trim().length).toBeGreaterThan(0);
        }
      }
    }
    expect(releases.map((release) => release.version)).toContain(running);
  });
});

describe('the order of the page', () => {
  const version = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20), fc.option(fc.constantFrom('alpha', 'beta', 'rc.1'), { nil: undefined })).map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? `-${pre}` : ''}`);
  const release = (v: string): Release => ({ version: v, date: '2026-11-29', notes: { en_US: [{ title: v, text: v }], sr: [{ title: `sr ${v}`, text: v }] } });

  it('newest first by version, never after the running one', () => {
    fc.assert(
      fc.property(fc.uniqueArray(version, { maxLength: 12 }), version, (versions, current) => {
        const shown = releasesUpTo(versions.map(release), current).map((r) => r.version);
        expect(shown).toEqual(versions.filter((v) => compareVersions(v, current) <= 0).sort((a, b) => compareVersions(b, a)));
        for (let i = 1; i < shown.length; i += 1) expect(compareVersions(shown[i - 1]!, shown[i]!)).toBeGreaterThan(0);
      }),
    );
  });

  it('compares as semantic versions, a pre-release before its release', () => {
    expect(['0.10.0', '0.2.0', '1.0.0', '1.0.0-rc.1', '0.2.1'].sort(compareVersions)).toEqual(['0.2.0', '0.2.1', '0.10.0', '1.0.0-rc.1', '1.0.0']);
  });

  it('notes in the language asked for, else in English', () => {
    const one = release('1.0.0');
    expect(notesIn(one, 'sr')[0]!.title).toBe('sr 1.0.0');
    expect(notesIn(one, 'de')[0]!.title).toBe('1.0.0');
  });
});
