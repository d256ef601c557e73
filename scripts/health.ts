// `npm run health`: three figures of the source tree against the targets of issue 28, with the places
// behind them. A report, not a gate: it always exits 0 (CI does not run it).
//  1. pairs of places sharing six or more lines (jscpd), target under 200;
//  2. source files over 400 lines, target none;
//  3. functions over 80 lines (the TypeScript AST), target under 30, each with a comment saying why it
//     stays whole: a comment containing "stays whole" just before the function (or before the statement
//     that declares it) or at the start of its body.
// Figures 1 and 2 read the whole tree: the source (src, runtime, renderers, machines, schemas, plugins)
// and the tests, e2e specs and scripts. Figure 3 reads the source only (a test's describe block is a list).
// The tree is the working folder's (`npm run` starts in the project's root), so a worktree can be measured
// with this copy of the script.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = process.cwd();
export const TREE = ['src', 'runtime', 'renderers', 'machines', 'schemas', 'plugins'];
export const CHECKS = ['tests', 'e2e', 'scripts'];
const SOURCE = /\.(?:ts|tsx|mts|js|mjs|css)$/;
const TEST = /\.test\.[cm]?[jt]sx?$/;

export const TARGETS = { duplicatePairs: 200, linesPerFile: 400, linesPerFunction: 80, longFunctions: 30 };
const MIN_SHARED_LINES = 6;

/** Repo-relative posix paths of the tree's source files, tests and declaration files left out. */
export function sourceFiles(root = ROOT, dirs = TREE): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (SOURCE.test(entry.name) && (dirs !== TREE || !TEST.test(entry.name)) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}

export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
  explained: boolean;
}

const EXPLAINED = /stays whole/i;

function commentsAt(text: string, position: number): string[] {
  return (ts.getLeadingCommentRanges(text, position) ?? []).map((range) => text.slice(range.pos, range.end));
}

/** The comments before the function, or before what declares it on the same line, and at the start of its body. */
function explanation(fn: ts.SignatureDeclaration, source: ts.SourceFile): string[] {
  const text = source.text;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const comments: string[] = [];
  let node: ts.Node = fn;
  const line = lineOf(fn);
  while (node && node.kind !== ts.SyntaxKind.SourceFile && lineOf(node) === line) {
    comments.push(...commentsAt(text, node.getFullStart()));
    node = node.parent;
  }
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (body && ts.isBlock(body)) comments.push(...commentsAt(text, body.getStart(source) + 1));
  return comments;
}

function nameOf(fn: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(source);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const holder = parent.parent;
    const callee = parent.expression.getText(source);
    if (ts.isVariableDeclaration(holder)) return `${holder.name.getText(source)} (${callee})`;
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return '(anonymous)';
}

/** Function declarations, arrow functions, methods and function expressions longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit = TARGETS.linesPerFunction): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') || file.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) {
        found.push({ file, name: nameOf(node, source), line: start + 1, lines, explained: explanation(node, source).some((comment) => EXPLAINED.test(comment)) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface DuplicatePair {
  a: { file: string; start: number; end: number };
  b: { file: string; start: number; end: number };
}

/** The pairs of places sharing MIN_SHARED_LINES or more lines, by jscpd (token runs, so the same code, not the same shape). */
export async function duplicatePairs(): Promise<DuplicatePair[]> {
  // jscpd 4.2.4's ES module build imports a name colors/safe does not export; its CommonJS build works.
  const { detectClones } = createRequire(import.meta.url)('jscpd') as typeof import('jscpd');
  const clones = await detectClones({
    path: [...TREE, ...CHECKS].map((dir) => join(ROOT, dir)),
    format: ['typescript', 'tsx', 'javascript', 'css'],
    ignore: ['**/node_modules/**', '**/*.d.ts'],
    minLines: MIN_SHARED_LINES,
    // jscpd's default: a run must also hold 50 tokens, so six lines of closing brackets are no pair.
    minTokens: 50,
    mode: 'mild',
    gitignore: true,
    silent: true,
    reporters: [],
  });
  const place = (side: (typeof clones)[number]['duplicationA']) => ({
    file: relative(ROOT, side.sourceId).split(sep).join('/'),
    start: side.start.line,
    end: side.end.line,
  });
  return clones.map((clone) => ({ a: place(clone.duplicationA), b: place(clone.duplicationB) }));
}

/** Lines of each file that stand in some pair (each line once), most first. */
export function duplicatedLinesByFile(pairs: DuplicatePair[]): { file: string; lines: number; pairs: number }[] {
  const lines = new Map<string, Set<number>>();
  const count = new Map<string, number>();
  for (const pair of pairs) {
    for (const side of [pair.a, pair.b]) {
      const set = lines.get(side.file) ?? new Set<number>();
      for (let line = side.start; line <= side.end; line++) set.add(line);
      lines.set(side.file, set);
      count.set(side.file, (count.get(side.file) ?? 0) + 1);
    }
  }
  return [...lines].map(([file, set]) => ({ file, lines: set.size, pairs: count.get(file) ?? 0 })).sort((x, y) => y.lines - x.lines || x.file.localeCompare(y.file));
}

const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

async function main(): Promise<void> {
  const files = sourceFiles();
  const everything = [...files, ...sourceFiles(ROOT, CHECKS)];
  const texts = new Map(everything.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
  const longFiles = everything
    .filter((file) => !file.endsWith('.css'))
    .map((file) => ({ file, lines: lineCount(texts.get(file)!) }))
    .filter(({ lines }) => lines > TARGETS.linesPerFile)
    .sort((x, y) => y.lines - x.lines);
  const functions = files
    .filter((file) => !file.endsWith('.css'))
    .flatMap((file) => longFunctions(file, texts.get(file)!))
    .sort((x, y) => y.lines - x.lines);
  const unexplained = functions.filter((fn) => !fn.explained);
  const pairs = await duplicatePairs();

  const rows: [string, string, string, boolean][] = [
    [`1. pairs of places sharing ${MIN_SHARED_LINES}+ lines (jscpd)`, String(pairs.length), `under ${TARGETS.duplicatePairs}`, pairs.length < TARGETS.duplicatePairs],
    [`2. source files over ${TARGETS.linesPerFile} lines`, String(longFiles.length), '0', longFiles.length === 0],
    [
      `3. functions over ${TARGETS.linesPerFunction} lines`,
      `${functions.length} (${unexplained.length} unexplained)`,
      `under ${TARGETS.longFunctions}, each explained`,
      functions.length < TARGETS.longFunctions && unexplained.length === 0,
    ],
  ];
  const width = (column: 0 | 1 | 2) => Math.max(...rows.map((row) => row[column].length));
  console.log(`Health of ${[...TREE, ...CHECKS].join(', ')} (${everything.length} files; functions: ${files.length} source files, tests left out)\n`);
  for (const [what, figure, target, met] of rows) {
    console.log(`${what.padEnd(width(0))}  ${figure.padEnd(width(1))}  target ${target.padEnd(width(2))}  ${verdict(met)}`);
  }
  console.log('\n(1 counts runs of the same tokens: code repeated with other names is not a pair to jscpd.)');

  console.log(`\nMost duplicated files (lines standing in a pair, pairs):`);
  for (const { file, lines, pairs: n } of duplicatedLinesByFile(pairs).slice(0, 15)) console.log(`  ${String(lines).padStart(5)}  ${String(n).padStart(3)}  ${file}`);
  console.log(`\nSource files over ${TARGETS.linesPerFile} lines:${longFiles.length === 0 ? ' none' : ''}`);
  for (const { file, lines } of longFiles) console.log(`  ${String(lines).padStart(5)}  ${file}`);
  console.log(`\nFunctions over ${TARGETS.linesPerFunction} lines:${functions.length === 0 ? ' none' : ''}`);
  for (const fn of functions) console.log(`  ${String(fn.lines).padStart(5)}  ${fn.file}:${fn.line}  ${fn.name}${fn.explained ? '  (stays whole: explained)' : ''}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
