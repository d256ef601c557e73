// The part of a record write's check that needs no database (docs/records.md "Record API"): unknown
// keys, the caller's field rights, the coerced values and the runtime's rules. records.ts's
// checkWrite adds the checks that read the database (relations, dates, media) and the hashing; a
// view without such fields and a write without a password is answered here at once (the import's
// rows take that path without an await each).
import { isDeepStrictEqual } from 'node:util';
import type { FieldError } from '../../../runtime/api/contract';
import { coerceValue, PASSWORD_TOKEN, SERVER_ERROR_CODES, validateRecord } from '../../../runtime/validation/index';
import type { CompilePage, ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import type { RecordRow } from '../db/schema';
import { nowDate } from '../platform/clock';
import { isPlainObject } from '../platform/validate';
import { sanitizeRichValue } from './html';
import { RECORD_META_KEYS, REF_OBJ_SUFFIX } from './shape';
import { fieldKinds } from './field-kinds';

export const RECORD_MESSAGE = {
  recordVersionConflict: 'recordVersionConflict',
  fieldNotEditable: 'fieldNotEditable',
  invalidInput: 'invalidInput',
  invalidSelection: 'invalidSelection',
  invalidDates: 'invalidDates',
  unique: SERVER_ERROR_CODES.unique,
  notFound: 'notFound',
} as const;


export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether `value` differs from `baseline`, as sent or once coerced to the field's type. */
function differs(field: ViewField, value: unknown, baseline: unknown): boolean {
  if (isEmpty(value) && isEmpty(baseline)) return false;
  if (isDeepStrictEqual(value, baseline)) return false;
  return !isDeepStrictEqual(coerceValue(field, value), baseline);
}

// checkWrite's helpers at module level (it runs per record and import row): no closure, and under tsx no defineProperty, per call.
const has = (object: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(object, key);
/** Errors may sit inside a value ('title.locales.sr'): the field is the first segment. */
const fieldOf = (path: string) => path.split('.')[0]!;
const NO_FIELDS: ReadonlySet<string> = new Set(); // no failed fields (shared: only read)
const fieldMaps = new WeakMap<readonly ViewField[], Map<string, ViewField>>();

/** A view's fields by key, kept per fields array (nothing changes a compiled view's fields after the compile). */
function fieldsByKey(view: ViewSchema): Map<string, ViewField> {
  const kept = fieldMaps.get(view.fields);
  if (kept) return kept;
  const map = new Map(view.fields.map((field) => [field.key, field]));
  fieldMaps.set(view.fields, map);
  return map;
}

/** A hashed field's value that sets a new hash (absent and empty values, and the token on update, keep the stored one). */
function setsHash(value: unknown, page: CompilePage): boolean {
  return value !== undefined && value !== null && value !== '' && !(page === 'model_edit' && value === PASSWORD_TOKEN);
}

export interface PreparedWrite {
  /** The data to store (hashes included). */
  data: Record<string, unknown>;
  /** Relation fields whose value this write sets or changes. */
  changed: ReadonlySet<string>;
}

/** Adds a message to an error list (one entry per field, values kept index-aligned). */
export function addError(errors: FieldError[], field: string, message: string, values: Record<string, string | number> | null = null): void {
  const existing = errors.find((error) => error.field === field);
  if (!existing) {
    errors.push({ field, messages: [message], values: [values] });
    return;
  }
  if (existing.messages.includes(message)) return;
  existing.values = existing.values ?? existing.messages.map(() => null);
  existing.messages.push(message);
  existing.values.push(values);
}

/** Keys of input that are neither the view's fields, the record's meta keys, nor a relation's object (417 invalidInput). */
function unknownKeys(input: Record<string, unknown>, fields: Map<string, ViewField>): FieldError[] {
  const unknown: FieldError[] = [];
  for (const key of Object.keys(input)) {
    if (fields.has(key)) continue;
    if ((RECORD_META_KEYS as readonly string[]).includes(key)) continue;
    if (key.endsWith(REF_OBJ_SUFFIX) && fields.get(key.slice(0, -REF_OBJ_SUFFIX.length))?.relation) continue;
    addError(unknown, key, RECORD_MESSAGE.invalidInput);
  }
  return unknown;
}

/** Fields the caller may not change: refused when the write would change them (403 fieldNotEditable). */
function refusedFields(view: ViewSchema, input: Record<string, unknown>, stored: RecordRow | null, storedData: Record<string, unknown>, page: CompilePage): FieldError[] {
  const refused: FieldError[] = [];
  for (const field of view.fields) {
    if (!has(input, field.key)) continue;
    const value = input[field.key];
    const baseline = stored ? storedData[field.key] : (field.defaultValue ?? undefined);
    let violates: boolean;
    if (field.hashed) violates = (!field.visible || !field.editable) && setsHash(value, page);
    else if (!field.visible) violates = value !== undefined && !(page === 'model_create' && !differs(field, value, baseline));
    else violates = !field.editable && differs(field, value, baseline);
    if (violates) refused.push({ field: field.key, messages: [RECORD_MESSAGE.fieldNotEditable], values: [null] });
  }
  return refused;
}

/** The write's data before the checks: what is stored, what the rules judge, and what they let pass. */
interface NextData {
  /** Written values coerced; everything else kept (update) or defaulted (create). */
  next: Record<string, unknown>;
  /** What the rules judge. */
  candidate: Record<string, unknown>;
  /** Fields the rules do not judge again (a kept hash, a field the caller may not set). */
  exempt: ReadonlySet<string>;
  /** Hashed fields' new plain values, hashed once every check passed. */
  plain: ReadonlyMap<string, unknown>;
  /** Relation fields whose value this write sets or changes. */
  changed: ReadonlySet<string>;
}

const NO_PLAIN: ReadonlyMap<string, unknown> = new Map(); // no hashed value written (shared: only read)

/** Sets and maps made at their first entry: most writes (and every row of most imports) have none. */
function nextData(view: ViewSchema, input: Record<string, unknown>, stored: RecordRow | null, storedData: Record<string, unknown>, page: CompilePage): NextData {
  const next: Record<string, unknown> = stored ? { ...storedData } : {};
  const candidate: Record<string, unknown> = {};
  let exempt: Set<string> | null = null;
  let plain: Map<string, unknown> | null = null;
  let changed: Set<string> | null = null;
  for (const field of view.fields) {
    const key = field.key;
    const writes = has(input, key) && input[key] !== undefined && field.visible && field.editable;
    if (field.hashed) {
      if (writes && setsHash(input[key], page)) {
        const value = coerceValue(field, input[key]);
        (plain ??= new Map()).set(key, value);
        candidate[key] = value;
      } else if (stored || !field.visible || !field.editable) {
        // The stored hash stays (or, on create, the caller may not set it): not validated again.
        (exempt ??= new Set()).add(key);
        if (!stored) next[key] = null;
      } else {
        // Nothing given on create: no hash, and the rules see the empty value.
        candidate[key] = writes ? coerceValue(field, input[key]) : null;
        next[key] = null;
      }
      continue;
    }
    if (writes) {
      // The rules judge what was sent (the runtime's verdict on the same data); what is written has its
      // rich HTML sanitised (create, update and import alike). Both read tags as HTML does, so the text
      // the rules counted is the text stored; only malformed markup the editor never makes can differ.
      const value = coerceValue(field, input[key]);
      next[key] = sanitizeRichValue(field, value);
      candidate[key] = value;
      if (field.relation && (!stored || !isDeepStrictEqual(value, storedData[key]))) (changed ??= new Set()).add(key);
      continue;
    }
    const locked = !field.visible || !field.editable;
    // On create a field the caller may not set takes its default; what the caller may set is
    // validated and stored exactly as sent (the runtime's verdict on the same data).
    if (!stored && locked && field.defaultValue !== null && field.defaultValue !== undefined) next[key] = field.defaultValue;
    candidate[key] = has(next, key) ? next[key] : null;
    if (locked) (exempt ??= new Set()).add(key);
  }
  return { next, candidate, exempt: exempt ?? NO_FIELDS, plain: plain ?? NO_PLAIN, changed: changed ?? NO_FIELDS };
}

/** The outcome of checkWrite: the write, or why it is refused (403 fieldNotEditable or 417 fieldsNotValid). */
export type WriteOutcome = { ok: true; write: PreparedWrite } | { ok: false; status: 403 | 417; errors: FieldError[] };

/** The write as far as the checks without the database take it (checkLocally), for finishWrite to finish. */
export interface LocalCheck {
  storedData: Record<string, unknown>;
  next: Record<string, unknown>;
  errors: FieldError[];
  /** Fields with a message already: the database's checks skip them. */
  failed: ReadonlySet<string>;
  plain: ReadonlyMap<string, unknown>;
  changed: ReadonlySet<string>;
}

/**
 * The checks without the database, in checkWrite's order: unknown keys (417), fields the caller may
 * not see or edit (403), the runtime's rules on the coerced values (417). Answers the outcome when
 * nothing is left to do (a refusal, or a view without relation, date or media fields and no new
 * password), else what checkWrite goes on with.
 */
export function checkLocally(view: ViewSchema, input: Record<string, unknown>, stored: RecordRow | null): { outcome: WriteOutcome } | LocalCheck {
  const page: CompilePage = stored ? 'model_edit' : 'model_create';
  const unknown = unknownKeys(input, fieldsByKey(view));
  if (unknown.length > 0) return { outcome: { ok: false, status: 417, errors: unknown } };
  const storedData: Record<string, unknown> = stored && isPlainObject(stored.data) ? stored.data : {};
  const refused = refusedFields(view, input, stored, storedData, page);
  if (refused.length > 0) return { outcome: { ok: false, status: 403, errors: refused } };

  const { next, candidate, exempt, plain, changed } = nextData(view, input, stored, storedData, page);
  let errors = validateRecord(view, candidate, { page, now: nowDate() }); // most pass: no copy, no set for them
  if (errors.length > 0 && exempt.size > 0) errors = errors.filter((error) => !exempt.has(fieldOf(error.field)));
  const kinds = fieldKinds(view); // the checks that read the database, only for a view with such fields
  if (!kinds.relation && !kinds.dates && !kinds.media) {
    if (errors.length > 0) return { outcome: { ok: false, status: 417, errors } };
    if (plain.size === 0) return { outcome: { ok: true, write: { data: next, changed } } };
  }
  const failed = errors.length === 0 ? NO_FIELDS : new Set(errors.map((error) => fieldOf(error.field)));
  return { storedData, next, errors, failed, plain, changed };
}
