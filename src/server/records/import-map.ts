// How an import file's columns and cells map to a component's fields (docs/lists.md "Import"):
// field_map (or the columns named like field keys), primary_key, and each cell as the write check
// receives it. The import itself (import.ts) reads the rows and writes them.
import type { FieldError } from '../../../runtime/api/contract';
import { columnMatchKey, type FieldMapEntry } from '../../../runtime/api/import';
import { coerceValue } from '../../../runtime/validation/index';
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import { badRequest } from '../platform/errors';
import { IMPORT_MESSAGE, type ImportFormat } from './import-source';
import { addError } from './write-check';

// ---------------------------------------------------------------------------------------------
// Options

export const UUID_KEY = 'uuid';

/** field_map (JSON text); absent or empty: each column named like a field key (columnMatchKey: any case, spaces or '_') goes to it. */
export function parseFieldMap(text: string | undefined, columns: string[], view: ViewSchema): FieldMapEntry[] {
  const keys = new Set(view.fields.map((field) => field.key));
  if (text === undefined || text.trim() === '') {
    const byKey = new Map([...keys, UUID_KEY].map((key) => [columnMatchKey(key), key]));
    const used = new Set<string>();
    const map: FieldMapEntry[] = [];
    for (const column of columns) {
      const key = byKey.get(columnMatchKey(column));
      if (key && !used.has(key)) {
        used.add(key);
        map.push({ from: column, to: key });
      }
    }
    return map;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest([{ field: 'field_map', messages: [IMPORT_MESSAGE.invalidInput], values: [null] }]);
  }
  if (!Array.isArray(parsed)) throw badRequest([{ field: 'field_map', messages: [IMPORT_MESSAGE.invalidInput], values: [null] }]);
  const errors: FieldError[] = [];
  const map: FieldMapEntry[] = [];
  const targets = new Set<string>();
  const known = new Set(columns);
  parsed.forEach((entry: unknown, index) => {
    const at = `field_map.${index}`;
    const from = (entry as { from?: unknown } | null)?.from;
    const to = (entry as { to?: unknown } | null)?.to;
    if (typeof entry !== 'object' || entry === null || typeof from !== 'string' || typeof to !== 'string') {
      addError(errors, at, IMPORT_MESSAGE.invalidInput);
      return;
    }
    // An entry mapped to nothing is an unmapped column.
    if (to === '') return;
    if (!keys.has(to) && to !== UUID_KEY) addError(errors, `${at}.to`, IMPORT_MESSAGE.unknownField, { key: to });
    else if (targets.has(to)) addError(errors, `${at}.to`, IMPORT_MESSAGE.duplicateTarget, { key: to });
    if (!known.has(from)) addError(errors, `${at}.from`, IMPORT_MESSAGE.unknownColumn, { column: from });
    targets.add(to);
    map.push({ from, to });
  });
  if (errors.length > 0) throw badRequest(errors);
  return map;
}

export function checkPrimaryKey(primaryKey: string, map: FieldMapEntry[], view: ViewSchema): ViewField | null {
  if (primaryKey === UUID_KEY) {
    if (!map.some((entry) => entry.to === UUID_KEY)) throw badRequest([{ field: 'primary_key', messages: [IMPORT_MESSAGE.primaryKeyNotMapped], values: [{ key: primaryKey }] }]);
    return null;
  }
  const field = view.fields.find((candidate) => candidate.key === primaryKey);
  // A hashed value is salted: it can never match a stored one.
  if (!field || field.hashed) throw badRequest([{ field: 'primary_key', messages: [IMPORT_MESSAGE.unknownField], values: [{ key: primaryKey }] }]);
  if (!map.some((entry) => entry.to === primaryKey)) throw badRequest([{ field: 'primary_key', messages: [IMPORT_MESSAGE.primaryKeyNotMapped], values: [{ key: primaryKey }] }]);
  return field;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Fields whose stored value is text: a CSV cell is taken as it is (a formula stays text). */
const TEXT_RENDERERS = new Set([
  'input/text', 'input/email', 'input/password', 'text/default', 'text/editor', 'text/document', 'picker/date', 'picker/time',
  'picker/datetime', 'reference/text', 'select/external', 'select/image', 'radio/text', 'input/number',
]);

/**
 * A cell as the write check receives it: empty is null; in CSV, a structured field's cell holding
 * JSON ('["a","b"]', '{"locales":...}') is that JSON value. The check then coerces per field type.
 */
export function importCellValue(field: ViewField, raw: unknown, format: ImportFormat): unknown {
  if (raw === undefined || raw === null || raw === '') return null;
  if (format === 'csv' && typeof raw === 'string' && !TEXT_RENDERERS.has(field.renderer) && !(field.renderer === 'select/text' && !field.options.multiple)) {
    const text = raw.trim();
    if (text.startsWith('[') || text.startsWith('{')) {
      try {
        return JSON.parse(text);
      } catch {
        return raw;
      }
    }
  }
  return raw;
}

/** A non-empty cell whose coerced value is empty, or holds an empty item: the cell would be lost. */
export function coercionLoses(field: ViewField, value: unknown): boolean {
  const coerced = coerceValue(field, value);
  if (coerced === null || coerced === undefined) return true;
  return Array.isArray(coerced) && coerced.some((item) => item === null || (typeof item === 'number' && Number.isNaN(item)));
}

/** A stored value as `data->>'key'` reads it; null when it is not a scalar (never matched). */
export function keyText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

