// The import's CSV reader (docs/lists.md "Import"): RFC 4180 read from decoded text as it arrives,
// record by record. It reads exactly what csv-parse 7 reads with the options the import used
// (`bom: true, max_record_size`), and refuses exactly what it refuses, at the line csv-parse names
// (tests/property/csv-reader.test.ts compares the two on generated files cut into random chunks):
// - the record delimiter is the first CR LF, LF or CR met outside quotes, and only it, from then on
//   (another line ending outside quotes is a character of its cell);
// - a quote opens a cell only as its first character; inside quotes `""` is one quote; a closing
//   quote is followed by a comma, the record delimiter or the end; anything else is an error;
// - every record has the first record's number of cells; an empty line is a record of one empty
//   cell; the last line ending does not start a record;
// - a record's cells may hold max_record_size bytes (as csv-parse counts: the earlier cells' UTF-16
//   length plus the current cell's UTF-8 bytes);
// - lines count every CR and LF csv-parse looks at: all of them but the LF of a CR LF record delimiter.
// The BOM is the decoder's (TextDecoder drops a leading one, as csv-parse's `bom` did).
// csv-parse read bytes one at a time through its state machine, about 10 µs a row of the bench's
// file; this scans text with indexOf and charCodeAt and slices cells out of it.

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

/** A file csv-parse would refuse, at its line (from 1). */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`CSV not valid at line ${line}`);
  }
}

/** CR and LF characters of text[from, to). */
function lineEnds(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  for (let i = text.indexOf('\r', from); i !== -1 && i < to; i = text.indexOf('\r', i + 1)) count += 1;
  return count;
}

/** UTF-8 bytes of a UTF-16 code unit (a surrogate pair's two units make 4). */
const unitBytes = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3);

/** Why a field's parse stopped before its end: more text is needed, or the file is refused. */
const MORE = -1;

export class CsvReader {
  /** Text not yet read: from the start of the current record's current cell. */
  private text = '';
  /** The current record's cells so far. */
  private cells: string[] = [];
  /** UTF-16 length of those cells (csv-parse's record_length). */
  private recordLength = 0;
  /** The record delimiter, once found. */
  private delimiter: '\r\n' | '\n' | '\r' | null = null;
  private expected = -1;
  /** CR and LF in the text already read and dropped. */
  private endsBefore = 0;
  /** LFs of CR LF record delimiters: csv-parse skips them without counting a line. */
  private skipped = 0;
  /** The last character of the input so far. */
  private last = -1;
  /** The refusal, once found: nothing is read after it. */
  error: CsvSyntaxError | null = null;

  constructor(private readonly maxRecordSize: number) {}

  /** The records this text completes, in order. After a refusal (`error`), none. */
  push(chunk: string): string[][] {
    if (this.error || chunk.length === 0) return [];
    this.text += chunk;
    this.last = chunk.charCodeAt(chunk.length - 1);
    return this.read(false);
  }

  /** The input ended: the last record, if it has no line ending. */
  end(): string[][] {
    if (this.error) return [];
    return this.read(true);
  }

  /** The line csv-parse names at text[at]. */
  private lineAt(at: number): number {
    return 1 + this.endsBefore + lineEnds(this.text, 0, at) - this.skipped;
  }

  /** The line csv-parse names at the end of the input: its last character's (not counting it). */
  private lineAtEnd(): number {
    const last = this.last === CR || this.last === LF ? 1 : 0;
    return this.lineAt(this.text.length) - last;
  }

  private fail(line: number): number {
    this.error = new CsvSyntaxError(line);
    return MORE;
  }

  /**
   * A cell's value against max_record_size, as csv-parse checks it before each byte it appends:
   * the record's earlier cells (UTF-16 length) plus this cell's bytes so far. Refused: the file fails
   * at the line of the byte that went over (cellStart: where the cell's text begins).
   */
  private tooLarge(value: string, cellStart: number): boolean {
    const max = this.maxRecordSize;
    const before = this.recordLength;
    if (max === 0 || value.length === 0 || before + value.length * 3 - 1 <= max) return false;
    const over = Math.max(0, max - before + 1);
    let bytes = 0;
    for (let index = 0; index < value.length; index += 1) {
      bytes += unitBytes(value.charCodeAt(index));
      if (bytes > over) {
        this.fail(this.lineAt(cellStart) + lineEnds(value, 0, index));
        return true;
      }
    }
    return false;
  }

  /**
   * The length of the record delimiter at text[at] (a CR or an LF), 0 when that character is not
   * one, MORE when the next character decides. The first line ending outside quotes sets it.
   */
  private delimiterAt(text: string, at: number, final: boolean): number {
    const code = text.charCodeAt(at);
    if (this.delimiter === null) {
      if (code === LF) this.delimiter = '\n';
      else if (at + 1 >= text.length && !final) return MORE;
      else this.delimiter = text.charCodeAt(at + 1) === LF ? '\r\n' : '\r';
    }
    if (this.delimiter === '\r\n') {
      if (code !== CR) return 0;
      if (at + 1 >= text.length) return final ? 0 : MORE;
      return text.charCodeAt(at + 1) === LF ? 2 : 0;
    }
    return code === (this.delimiter === '\n' ? LF : CR) ? 1 : 0;
  }

  /** A record's last cell, at the delimiter at text[at] (at the text's length: the input's end): the record, or the file refused. */
  private endRecord(value: string, at: number, out: string[][]): boolean {
    const cells = this.cells;
    cells.push(value);
    if (this.expected === -1) this.expected = cells.length;
    else if (cells.length !== this.expected) {
      this.fail(at >= this.text.length ? this.lineAtEnd() : this.lineAt(at));
      return false;
    }
    out.push(cells);
    this.cells = [];
    this.recordLength = 0;
    return true;
  }

  /** Reads the text from the current cell: whole records into `out`, the rest kept for more text. */
  private read(final: boolean): string[][] {
    const out: string[][] = [];
    const text = this.text;
    const length = text.length;
    let pos = 0;
    while (this.error === null) {
      if (pos >= length) {
        // At a cell's start: a record is open after a comma.
        if (final && this.cells.length > 0) this.endRecord('', pos, out);
        break;
      }
      const next = text.charCodeAt(pos) === QUOTE ? this.quotedCell(text, pos, final, out) : this.plainCell(text, pos, final, out);
      if (next === MORE) break;
      pos = next;
    }
    if (this.error === null) {
      this.endsBefore += lineEnds(text, 0, pos);
      this.text = pos >= length ? '' : text.slice(pos);
    }
    return out;
  }

  /**
   * After a cell's value, at text[at]: a comma, a record delimiter or the end. Answers where the next
   * cell starts. `quote`: the closing quote before text[at] (-1 for a cell without quotes).
   */
  private afterCell(value: string, text: string, at: number, final: boolean, out: string[][], quote: number): number {
    if (at >= text.length) {
      if (!final) return MORE;
      return this.endRecord(value, at, out) ? at : MORE;
    }
    const code = text.charCodeAt(at);
    if (code === COMMA) {
      this.cells.push(value);
      this.recordLength += value.length;
      return at + 1;
    }
    if (code === CR || code === LF) {
      const size = this.delimiterAt(text, at, final);
      if (size === MORE) return MORE;
      if (size > 0) {
        if (!this.endRecord(value, at, out)) return MORE;
        if (size === 2) this.skipped += 1;
        return at + size;
      }
    }
    // Only after a closing quote: what follows it is neither a comma nor the record delimiter.
    return this.fail(this.lineAt(quote));
  }

  /** A cell without quotes from text[start]. */
  private plainCell(text: string, start: number, final: boolean, out: string[][]): number {
    const length = text.length;
    let at = start;
    for (;;) {
      let code = 0;
      while (at < length) {
        code = text.charCodeAt(at);
        if (code === COMMA || code === CR || code === LF || code === QUOTE) break;
        at += 1;
      }
      if (at >= length) {
        if (this.tooLarge(text.slice(start, at), start)) return MORE;
        return final ? this.afterCell(text.slice(start, at), text, at, final, out, -1) : MORE;
      }
      if (code === CR || code === LF) {
        const size = this.delimiterAt(text, at, final);
        if (size === MORE) {
          // Checked now all the same: a record over the limit is refused before it is all held.
          this.tooLarge(text.slice(start, at), start);
          return MORE;
        }
        // A line ending that is not the record delimiter is a character of the cell.
        if (size === 0) {
          at += 1;
          continue;
        }
      }
      const value = text.slice(start, at);
      if (this.tooLarge(value, start)) return MORE;
      // A quote inside a cell that did not open with one.
      if (code === QUOTE) return this.fail(this.lineAt(at));
      return this.afterCell(value, text, at, final, out, -1);
    }
  }

  /** A cell in quotes from text[start] (its opening quote). */
  private quotedCell(text: string, start: number, final: boolean, out: string[][]): number {
    const length = text.length;
    let value = '';
    let from = start + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote === -1 || (quote + 1 >= length && !final)) {
        // The value so far is already too large, or more text is needed (or the quote is never closed).
        if (this.tooLarge(value + text.slice(from, quote === -1 ? length : quote), start + 1)) return MORE;
        if (!final) return MORE;
        return this.fail(this.lineAtEnd());
      }
      if (quote + 1 < length && text.charCodeAt(quote + 1) === QUOTE) {
        value += text.slice(from, quote + 1);
        from = quote + 2;
        continue;
      }
      value += text.slice(from, quote);
      if (this.tooLarge(value, start + 1)) return MORE;
      return this.afterCell(value, text, quote + 1, final, out, quote);
    }
  }
}
