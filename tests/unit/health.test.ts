// What `npm run health` (scripts/health.ts) counts as a long function, an explained one, a long file and
// a file's duplicated lines.
import { describe, expect, it } from 'vitest';
import { duplicatedLinesByFile, lineCount, longFunctions, sourceFiles } from '../../scripts/health';

const body = (n: number) => Array.from({ length: n }, (_, i) => `  step(${i});`).join('\n');

describe('the health figures', () => {
  it('counts declarations, arrow functions, methods and function expressions over the limit, by their lines', () => {
    const text = [
      `function declared() {\n${body(4)}\n}`,
      `const arrow = () => {\n${body(4)}\n};`,
      `class Holder {\n  method() {\n${body(4)}\n  }\n}`,
      `const expression = memo(function inner() {\n${body(4)}\n});`,
      `function short() {\n${body(1)}\n}`,
    ].join('\n');
    const found = longFunctions('a.ts', text, 5);
    expect(found.map(({ name, lines }) => [name, lines])).toEqual([
      ['declared', 6],
      ['arrow', 6],
      ['method', 6],
      ['inner', 6],
    ]);
    expect(found[0]).toMatchObject({ file: 'a.ts', line: 1, explained: false });
  });

  it('a comment containing "stays whole" before the function, its declaration, or at the start of its body explains it', () => {
    const text = [
      `// The parser stays whole: one switch over the tokens.\nfunction before() {\n${body(6)}\n}`,
      `/** One state machine; it stays whole. */\nexport const declared = () => {\n${body(6)}\n};`,
      `function inside() {\n  // Stays whole: the steps share their locals.\n${body(6)}\n}`,
      `// A long function.\nfunction unexplained() {\n${body(6)}\n}`,
      `const Page = () => (\n  <div>\n${body(6)}\n  </div>\n);`,
    ].join('\n');
    expect(longFunctions('b.tsx', text, 5).map(({ name, explained }) => [name, explained])).toEqual([
      ['before', true],
      ['declared', true],
      ['inside', true],
      ['unexplained', false],
      ['Page', false],
    ]);
  });

  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb\nc')).toBe(3);
  });

  it('counts each duplicated line of a file once, however many pairs it stands in', () => {
    const pair = (a: [string, number, number], b: [string, number, number]) => ({
      a: { file: a[0], start: a[1], end: a[2] },
      b: { file: b[0], start: b[1], end: b[2] },
    });
    expect(duplicatedLinesByFile([pair(['x.ts', 1, 10], ['y.ts', 1, 10]), pair(['x.ts', 5, 14], ['z.ts', 20, 29])])).toEqual([
      { file: 'x.ts', lines: 14, pairs: 2 },
      { file: 'y.ts', lines: 10, pairs: 1 },
      { file: 'z.ts', lines: 10, pairs: 1 },
    ]);
  });

  it('reads the source tree without its tests', () => {
    const files = sourceFiles();
    expect(files).toContain('src/server/app.ts');
    expect(files.some((file) => file.startsWith('renderers/'))).toBe(true);
    expect(files.filter((file) => /\.test\.|^tests\/|\.d\.ts$/.test(file))).toEqual([]);
  });
});
