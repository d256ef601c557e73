// Docs follow the code (issue 28): every repository path that README.md and docs/**/*.md name exists.
// A path counts wherever it is written (prose, `code`, a code block) when it starts at one of the
// repository's folders (src/, runtime/, renderers/, machines/, schemas/, plugins/, tests/, e2e/, scripts/,
// docs/); a link's target counts relative to its document; and a short form in backticks (`records/import.ts`,
// `housekeeping.ts`: a path inside some folder, or a file's name) must be the end of a real file's path. `.ts` may be left out; `<name>`, `*`,
// `**` and `{a,b}` are patterns that must match something; `src/server/...` names the folder before the dots.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['src', 'runtime', 'renderers', 'machines', 'schemas', 'plugins', 'tests', 'e2e', 'scripts', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.data', '.reports', 'test-results', 'playwright-report']);
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** A path that starts at a repository folder, not inside another path (`../../renderers/x` is an import). */
const ROOTED = new RegExp(`(?<![\\w./<>{}-])(?:${FOLDERS.join('|')})/(?:\\{[^}\\s]*\\}|[^\\s\`'"()\\[\\],;|{}])*`, 'g');
/** A whole code span that is a short path or a name of a source file: `media/files.ts`, `records/import*.ts`, `housekeeping.ts`. */
const SHORT = /^[\w.<>*{}-]+(?:\/[\w.<>*{},-]+)*\.(?:ts|tsx|mjs)$/;

function walk(dir: string, into: string[]): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      into.push(`${path}/`);
      walk(path, into);
    } else into.push(path);
  }
  return into;
}

/** The top-level files and every file of the repository folders (posix, repo-relative), directories with a trailing slash. */
const TREE = [
  ...readdirSync(ROOT, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name),
  ...FOLDERS.filter((folder) => existsSync(join(ROOT, folder))).flatMap((folder) => [`${folder}/`, ...walk(folder, [])]),
];

function documents(): string[] {
  return ['README.md', ...TREE.filter((path) => path.startsWith('docs/') && path.endsWith('.md'))];
}

/** `a{b,c}d` as [abd, acd]; a brace without a comma is a placeholder (`{uuid}`), a pattern for one name. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  const inside = match[1] ?? '';
  const options = inside.includes(',') ? inside.split(',') : ['*'];
  return options.flatMap((option) => expandBraces(path.slice(0, match.index) + option + path.slice(match.index + match[0].length)));
}

function patternOf(path: string, anchored: boolean): RegExp {
  const body = path
    .split(/(\*\*|\*|<[^>]*>)/)
    .map((part) => (part === '**' ? '.*' : part === '*' || /^<.*>$/.test(part) ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`${anchored ? '^' : '(?:^|/)'}${body}(?:${EXTENSIONS.map((ext) => ext.replace('.', '\\.')).join('|')})/?$`);
}

/** Does a rooted path (or, not anchored, the end of some path) name something that exists? */
function exists(named: string, anchored = true): boolean {
  return expandBraces(named).every((path) => {
    if (anchored && !/[*<]/.test(path)) {
      return EXTENSIONS.some((ext) => existsSync(join(ROOT, path + ext)));
    }
    const pattern = patternOf(path.replace(/\/$/, ''), anchored);
    return TREE.some((candidate) => pattern.test(candidate));
  });
}

/** Trailing punctuation of the sentence, a line number, an anchor, and `...` are not part of the path. */
function clean(token: string): string {
  let path = token.replace(/#.*$/, '').replace(/[.:]+$/, '').replace(/:\d+(?:-\d+)?$/, '');
  const dots = path.indexOf('...');
  if (dots >= 0) path = path.slice(0, dots);
  return path.replace(/[.:]+$/, '');
}

interface Named {
  doc: string;
  line: number;
  path: string;
}

function namedPaths(doc: string): { rooted: Named[]; short: Named[]; links: Named[] } {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const rooted: Named[] = [];
  const short: Named[] = [];
  const links: Named[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const match of content.matchAll(ROOTED)) rooted.push({ doc, line, path: clean(match[0]) });
    for (const [, span = ''] of content.matchAll(/`([^`\s]+)`/g)) {
      if (SHORT.test(span) && !FOLDERS.some((folder) => span.startsWith(`${folder}/`))) short.push({ doc, line, path: span });
    }
    for (const [, target = ''] of content.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
      const resolved = posix.normalize(posix.join(posix.dirname(doc), target.replace(/#.*$/, '')));
      // A link that leaves the repository (the product spec beside it) is not a path of the repository.
      if (resolved.startsWith('../')) continue;
      links.push({ doc, line, path: resolved });
    }
  });
  return { rooted, short, links };
}

describe('docs follow the code', () => {
  const named = documents().map(namedPaths);

  it('reads README.md and every docs/ page, and finds paths in them', () => {
    expect(documents()).toContain('README.md');
    expect(documents().length).toBeGreaterThan(10);
    expect(named.flatMap((found) => found.rooted).length).toBeGreaterThan(100);
  });

  it('every path a doc names from a repository folder exists', () => {
    const missing = named.flatMap((found) => [...found.rooted, ...found.links]).filter((path) => path.path !== '' && !exists(path.path));
    expect(missing.map(({ doc, line, path }) => `${doc}:${line}: ${path}`)).toEqual([]);
  });

  it('every short path or file name in backticks is the end of a real file path', () => {
    const missing = named.flatMap((found) => found.short).filter((path) => !exists(path.path, false));
    expect(missing.map(({ doc, line, path }) => `${doc}:${line}: ${path}`)).toEqual([]);
  });

  it('knows a missing path when it sees one', () => {
    expect(exists('src/server/records/records.ts')).toBe(true);
    expect(exists('src/server/records/records')).toBe(true);
    expect(exists('src/server/')).toBe(true);
    expect(exists('tests/api/records*.test.ts')).toBe(true);
    expect(exists('plugins/<name>/index.ts')).toBe(true);
    expect(exists('tests/api/{records,bulk}.test.ts')).toBe(true);
    expect(exists('src/server/services/records.ts')).toBe(false);
    expect(exists('tests/api/{records,nothing-here}.test.ts')).toBe(false);
    expect(exists('services/records.ts', false)).toBe(false);
    expect(exists('records/import*.ts', false)).toBe(true);
    expect(exists('housekeeping.ts', false)).toBe(true);
    expect(exists('vite.config.ts', false)).toBe(true);
    expect(exists('record-jobs.ts', false)).toBe(false);
    expect(clean('src/server/...')).toBe('src/server/');
    expect(clean('docs/api.md#errors')).toBe('docs/api.md');
    expect(clean('src/server/app.ts:42.')).toBe('src/server/app.ts');
  });
});
