// The import's CSV reader (src/server/records/csv-reader.ts) against csv-parse, which it replaced in
// the import: on generated files (quotes, doubled quotes, CR LF, LF and CR mixed, embedded line
// endings, a BOM, empty lines, ragged rows, multi-byte text, records over a small max_record_size),
// cut into random byte chunks and decoded as the import decodes them, it reads the same records, or
// refuses the same files at the same line.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError } from '../../src/server/records/csv-reader';

type Outcome = { records: string[][] } | { line: number };

function csvParse(bytes: Buffer, max: number): Outcome {
  try {
    return { records: parse(bytes, { bom: true, max_record_size: max }) as string[][] };
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    if (typeof line !== 'number') throw error;
    return { line };
  }
}

/** The reader fed as the import feeds it: byte chunks through one streaming UTF-8 decoder. */
function readerParse(bytes: Buffer, max: number, cuts: number[]): Outcome {
  const reader = new CsvReader(max);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const records: string[][] = [];
  let from = 0;
  for (const cut of [...cuts.filter((at) => at > 0 && at < bytes.length)].sort((a, b) => a - b).concat(bytes.length)) {
    records.push(...reader.push(decoder.decode(bytes.subarray(from, cut), { stream: true })));
    from = cut;
  }
  records.push(...reader.push(decoder.decode()));
  records.push(...reader.end());
  if (reader.error) {
    expect(reader.error).toBeInstanceOf(CsvSyntaxError);
    return { line: reader.error.line };
  }
  return { records };
}

const piece = fc.constantFrom('a', 'b', 'cd', ',', ',', '"', '""', '\r', '\n', '\r\n', '\n', ' ', 'é', '😀', '\uFEFF', 'x"y', '"q"', '', ',,');
/** Anything made of CSV's own characters: mostly refused, in every way csv-parse refuses. */
const anyText = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

const cellText = fc.array(fc.constantFrom('a', 'B', ' ', 'é', '😀', ',', '"', '\n', '\r\n', '\r', '1', 'zz'), { maxLength: 6 }).map((parts) => parts.join(''));
const cell = fc.oneof(
  // Quoted as a writer quotes.
  cellText.map((text) => `"${text.replaceAll('"', '""')}"`),
  // Plain: the characters that need no quotes.
  cellText.map((text) => text.replace(/[",\r\n]/g, '')),
);
/** Files a CSV writer would make (and ragged rows, empty lines, mixed line endings now and then). */
const structured = fc
  .record({
    width: fc.integer({ min: 1, max: 4 }),
    rows: fc.array(fc.record({ cells: fc.array(cell, { minLength: 1, maxLength: 5 }), ragged: fc.boolean(), ending: fc.constantFrom('\n', '\r\n', '\r', '\n') }), { maxLength: 8 }),
    mixed: fc.boolean(),
    last: fc.boolean(),
    bom: fc.boolean(),
  })
  .map(({ width, rows, mixed, last, bom }) => {
    const ending = rows[0]?.ending ?? '\n';
    const lines = rows.map((row) => {
      const cells = row.ragged ? row.cells : Array.from({ length: width }, (_, index) => row.cells[index % row.cells.length]!);
      return cells.join(',') + (mixed ? row.ending : ending);
    });
    const text = lines.join('');
    return (bom ? '\uFEFF' : '') + (last ? text : text.replace(/(\r\n|\r|\n)$/, ''));
  });

const cuts = fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 });
const max = fc.constantFrom(0, 1, 3, 6, 12, 1024 * 1024);

/** The reader and csv-parse agree on every text the arbitrary makes, cut into random chunks, under random limits. */
function agreeOn(texts: fc.Arbitrary<string>): void {
  fc.assert(
    fc.property(texts, cuts, max, (text, at, limit) => {
      const bytes = Buffer.from(text);
      expect(readerParse(bytes, limit, at)).toEqual(csvParse(bytes, limit));
    }),
    { numRuns: 3000 },
  );
}

describe('CsvReader against csv-parse', () => {
  it('reads what csv-parse reads and refuses what it refuses, at the same line, on any text of CSV characters', () => agreeOn(anyText));

  it('reads what csv-parse reads on files a CSV writer makes, cut anywhere', () => agreeOn(structured));

  it('reads a file cut at every byte as it reads it whole', () => {
    const text = '\uFEFFname,note\r\n"a, ""b""","x\r\ny"\r\nc,😀é\r\n';
    const bytes = Buffer.from(text);
    const whole = readerParse(bytes, 0, []);
    expect(whole).toEqual({ records: [['name', 'note'], ['a, "b"', 'x\r\ny'], ['c', '😀é']] });
    expect(readerParse(bytes, 0, Array.from({ length: bytes.length }, (_, index) => index))).toEqual(whole);
  });

  it('names the line csv-parse names for each refusal', () => {
    const cases: [string, number][] = [
      ['a,b\n1,2,3\n', 2], // a ragged row
      ['a,b\n"x"y,1\n', 2], // text after a closing quote
      ['a,b\n1,x"y\n', 2], // a quote inside a cell
      ['a,b\n"1\n2,3\n', 3], // a quote never closed
      ['a,b\n\n1,2\n', 2], // an empty line is a record of one cell
    ];
    for (const [text, line] of cases) expect(readerParse(Buffer.from(text), 0, [])).toEqual({ line });
    for (const [text] of cases) expect(csvParse(Buffer.from(text), 0)).toEqual(readerParse(Buffer.from(text), 0, []));
  });
});
