// The release notes of /home/platform/updates (issue 32 item 5): release-notes.json at the repository's
// root, one entry per version with its date and its notes in every interface language. Read here,
// checked (tests/unit/release-notes.test.ts) and ordered newest first by version, not by file order.
import type { Locale } from '../i18n/tags';

export interface ReleaseNote {
  title: string;
  text: string;
}

export interface Release {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  notes: Record<Locale, ReleaseNote[]>;
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** Semantic versions compared (a pre-release before its release); NaN-free: unknown forms sort last. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [VERSION.exec(a), VERSION.exec(b)];
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  for (let part = 1; part <= 3; part += 1) {
    const difference = Number(x[part]) - Number(y[part]);
    if (difference !== 0) return difference;
  }
  if (x[4] === y[4]) return 0;
  if (x[4] === undefined) return 1;
  if (y[4] === undefined) return -1;
  return x[4] < y[4] ? -1 : 1;
}

export const isVersion = (value: string) => VERSION.test(value);

/** Newest first; releases after the running version (a file ahead of the build) are left out. */
export function releasesUpTo(releases: readonly Release[], running: string): Release[] {
  return releases.filter((release) => compareVersions(release.version, running) <= 0).sort((a, b) => compareVersions(b.version, a.version));
}

/** A release's notes in `locale`, else in English. */
export function notesIn(release: Release, locale: string): ReleaseNote[] {
  return (release.notes as Record<string, ReleaseNote[] | undefined>)[locale] ?? release.notes.en_US;
}
