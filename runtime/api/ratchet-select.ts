// The external select from a ratchet connection (docs/ratchet.md "The external select"): a select
// field's options read by a saved read-only query of one of the project's connections. The query
// lives in the field's settings (`constraints.ratchet`); the browser sends only the search text and
// the page. Wire types, limits, message keys and route schemas. Framework-free.
import { arrayOf, closed, stringSchema } from './schema-kit';

/** A select/external field's `constraints.ratchet`: which connection, which statement, which columns. */
export interface RatchetSelectSource {
  /** A ratchet connection of the project (uuid). */
  connection: string;
  /** One read-only statement; `:search` in it (outside strings and comments) is bound to the search text. */
  sql: string;
  /** The column whose value is stored. */
  value: string;
  /** The column shown; the value column when absent. */
  label?: string;
}

export const RATCHET_SELECT_LIMITS = {
  /** Options a page answers. */
  pageSize: 50,
  /** Pages at most (pageSize x pages stays within the console's row cap). */
  pages: 100,
  searchMax: 200,
  columnMax: 128,
} as const;

export const RATCHET_SELECT_MESSAGE = {
  /** 417 at constraints.ratchet.*: the connection is not one of the project's. */
  connectionUnknown: 'ratchetConnectionUnknown',
  /** 422: the statement's answer has no column of that name. */
  columnMissing: 'ratchetColumnMissing',
  /** 422 at the field: the value could not be checked (the options are more than the row cap). */
  tooManyOptions: 'ratchetTooManyOptions',
} as const;

export interface RatchetSelectOption {
  value: string;
  label: string;
}

/** GET /select/{component}/{field} */
export interface RatchetSelectPage {
  options: RatchetSelectOption[];
  /** Another page follows. */
  more: boolean;
}

export const ratchetSelectParams = closed(
  { component: { type: 'string', description: 'the component ref or uuid' }, field: { type: 'string', description: 'the select/external field key' } },
  ['component', 'field'],
);

export const ratchetSelectQuery = {
  type: 'object',
  properties: {
    // Strings as every query value arrives; the handler judges them (417 'invalid' at the key).
    search: { type: 'string', description: `the search text (at most ${RATCHET_SELECT_LIMITS.searchMax} characters), bound to :search, never part of the SQL` },
    page: { type: 'string', description: `1..${RATCHET_SELECT_LIMITS.pages} (default 1), ${RATCHET_SELECT_LIMITS.pageSize} options a page` },
  },
  additionalProperties: false,
} as const;

export const ratchetSelectPageSchema = closed(
  { options: arrayOf(closed({ value: stringSchema, label: stringSchema }, ['value', 'label'])), more: { type: 'boolean' } },
  ['options', 'more'],
);
