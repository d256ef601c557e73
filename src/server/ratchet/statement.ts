// One statement per console call (docs/ratchet.md "The console"): the text is read the way each
// database reads it (strings, quoted names, dollar quotes, comments) to find a `;` that ends a statement
// with more after it. The protocol refuses several statements too (PostgreSQL's extended query
// protocol, MariaDB without multipleStatements), so this is the clear answer, not the only guard.
import { RATCHET_LIMITS, RATCHET_MESSAGE, type RatchetKind } from '../../../runtime/api/ratchet';
import { HttpError } from '../platform/errors';

export const statementRefused = (message: string) => new HttpError(422, message);

/** Where the quoted or commented part that starts at `i` ends (the index after it), or null when none starts there. */
function skipQuoted(sql: string, i: number, kind: RatchetKind): number | null {
  const char = sql[i]!;
  const next = sql[i + 1];
  if (char === '-' && next === '-') return endOf(sql, '\n', i + 2);
  if (char === '#' && kind === 'mariadb') return endOf(sql, '\n', i + 1);
  if (char === '/' && next === '*') return blockCommentEnd(sql, i, kind);
  if (char === "'" || (char === '"' && kind === 'mariadb')) return quotedEnd(sql, i, char, kind === 'mariadb' || /[eE]$/.test(sql.slice(0, i)));
  if (char === '"' || (char === '`' && kind === 'mariadb')) return quotedEnd(sql, i, char, false);
  if (char === '$' && kind === 'postgres') {
    const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
    if (tag && !/[A-Za-z0-9_]$/.test(sql.slice(0, i))) return endOf(sql, tag[0], i + tag[0].length);
  }
  return null;
}

function endOf(sql: string, closer: string, from: number): number {
  const at = sql.indexOf(closer, from);
  return at === -1 ? sql.length : at + closer.length;
}

function blockCommentEnd(sql: string, i: number, kind: RatchetKind): number {
  let depth = 0;
  for (let j = i; j < sql.length - 1; j++) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth += 1;
      j += 1;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth = kind === 'postgres' ? depth - 1 : 0;
      j += 1;
      if (depth === 0) return j + 1;
    }
  }
  return sql.length;
}

function quotedEnd(sql: string, i: number, quote: string, backslash: boolean): number {
  for (let j = i + 1; j < sql.length; j++) {
    if (backslash && sql[j] === '\\') j += 1;
    else if (sql[j] === quote) {
      if (sql[j + 1] === quote) j += 1;
      else return j + 1;
    }
  }
  return sql.length;
}

/** Whether the text from `from` holds only blanks and comments. */
function onlyBlanks(sql: string, from: number, kind: RatchetKind): boolean {
  let i = from;
  while (i < sql.length) {
    if (/\s|;/.test(sql[i]!)) i += 1;
    else {
      const end = skipQuoted(sql, i, kind);
      if (end === null || sql[i] === "'" || sql[i] === '"' || sql[i] === '`' || sql[i] === '$') return false;
      i = end;
    }
  }
  return true;
}

/** The one statement of the text, without its closing `;`; 422 ratchetEmptyStatement or ratchetMultipleStatements otherwise. */
export function singleStatement(sql: unknown, kind: RatchetKind): string {
  if (typeof sql !== 'string' || sql.includes('\u0000')) throw new HttpError(417, 'fieldsNotValid', [{ field: 'sql', messages: ['invalid'] }]);
  if (sql.length > RATCHET_LIMITS.sqlMax) throw new HttpError(417, 'fieldsNotValid', [{ field: 'sql', messages: ['cantBeMoreThenChars'], values: [{ max: RATCHET_LIMITS.sqlMax }] }]);
  if (onlyBlanks(sql, 0, kind)) throw statementRefused(RATCHET_MESSAGE.emptyStatement);
  let i = 0;
  while (i < sql.length) {
    if (sql[i] === ';') {
      if (!onlyBlanks(sql, i, kind)) throw statementRefused(RATCHET_MESSAGE.multipleStatements);
      return sql.slice(0, i).trim();
    }
    i = skipQuoted(sql, i, kind) ?? i + 1;
  }
  return sql.trim();
}

/** The first keyword of a statement (after blanks, comments and opening parentheses), lower case. */
export function firstKeyword(statement: string, kind: RatchetKind): string {
  let i = 0;
  while (i < statement.length) {
    if (/[\s(]/.test(statement[i]!)) i += 1;
    else {
      const end = statement[i] === '-' || statement[i] === '/' || statement[i] === '#' ? skipQuoted(statement, i, kind) : null;
      if (end === null) break;
      i = end;
    }
  }
  return (/^[A-Za-z]+/.exec(statement.slice(i))?.[0] ?? '').toLowerCase();
}

/**
 * The statement with each `:search` outside strings, quoted names and comments (not a PostgreSQL
 * `::search` cast) made the driver's parameter: PostgreSQL `CAST($1 AS text)` (one parameter however
 * often it stands), MariaDB `?` (one parameter each time; a bare parameter takes the column's
 * collation, a CAST would clash with it). `uses` is how many parameters the driver is given (0: the
 * statement takes no search).
 */
export function bindSearch(statement: string, kind: RatchetKind): { statement: string; uses: number } {
  let out = '';
  let uses = 0;
  let i = 0;
  while (i < statement.length) {
    const end = skipQuoted(statement, i, kind);
    if (end !== null) {
      out += statement.slice(i, end);
      i = end;
      continue;
    }
    if (statement.startsWith(':search', i) && statement[i - 1] !== ':' && !/[A-Za-z0-9_$]/.test(statement[i + 7] ?? '')) {
      uses += 1;
      out += kind === 'postgres' ? 'CAST($1 AS text)' : '?';
      i += 7;
      continue;
    }
    out += statement[i];
    i += 1;
  }
  return { statement: out, uses: kind === 'postgres' ? Math.min(uses, 1) : uses };
}
