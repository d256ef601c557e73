// Relation fields (spec section 3 "Relation", "Values"): the value is the foreign key value
// (one-to-one) or a list of them (one-to-many). A written value must name live records of the
// foreign component in the same project and environment, matched on the foreign key field
// (relation.key[1]) or on the record uuid; a read adds `{key}_RefObj` with the related record(s).
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import { findComponentByUuid } from '../components/sql';
import { findRecordsByKey } from './sql';
import type { ComponentRow, Database, RecordRow } from '../db/schema';
import { isPlainObject, isUuid } from '../platform/validate';
import { findComponentByRef, mayOnComponent } from '../components/model';
import { REF_OBJ_SUFFIX, shapeRecord, type RecordAnswer } from './shape';
import { compileFor, envSettingsOrNull, type Viewer } from './view';
import type { RecordScope } from './sql';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

interface RelationTarget {
  row: ComponentRow;
  settings: ComponentSettings;
  scope: RecordScope;
  viewer: Viewer;
}

interface Foreign {
  row: ComponentRow;
  /** The foreign component's settings for the same environment; null when that environment has no version. */
  settings: ComponentSettings | null;
}

/** The values of a relation field as foreign key texts (the way data->>'key' reads them); null if one is not a key. */
function keyTexts(value: unknown): string[] | null {
  const values = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const texts: string[] = [];
  for (const item of values) {
    if (typeof item === 'string' && item !== '') texts.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) texts.push(String(item));
    else return null;
  }
  return texts;
}

/** The related component: relation.foreign_uuid of the settings when a uuid, else the compiled foreign ref. */
async function resolveForeign(db: Db, target: RelationTarget, field: ViewField, cache: Map<string, Promise<Foreign | null>>): Promise<Foreign | null> {
  const raw = target.settings.fields.find((candidate) => candidate.key === field.key)?.relation;
  const foreignUuid = raw?.foreign_uuid;
  const foreignRef = field.relation?.foreign ?? raw?.foreign ?? null;
  const cacheKey = `${foreignUuid ?? ''}|${foreignRef ?? ''}`;
  let pending = cache.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      const projectUuid = target.scope.projectUuid;
      let row = isUuid(foreignUuid) ? await findComponentByUuid(db, projectUuid, foreignUuid.toLowerCase()) : undefined;
      row ??= await findComponentByRef(db, projectUuid, foreignRef);
      if (!row) return null;
      const settings = row.uuid === target.row.uuid ? target.settings : await envSettingsOrNull(db, row, target.scope.env);
      return { row, settings };
    })();
    cache.set(cacheKey, pending);
  }
  return pending;
}

function foreignScope(target: RelationTarget, foreign: Foreign): RecordScope {
  return { projectUuid: target.scope.projectUuid, componentUuid: foreign.row.uuid, env: target.scope.env };
}

function keyTextOf(row: RecordRow, keyField: string): string | null {
  if (keyField === 'uuid') return row.uuid;
  const value = isPlainObject(row.data) ? row.data[keyField] : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

async function relatedRows(db: Db, target: RelationTarget, foreign: Foreign, keyField: string, texts: string[]): Promise<Map<string, RecordRow>> {
  const wanted = keyField === 'uuid' ? texts.filter((text) => isUuid(text)).map((text) => text.toLowerCase()) : texts;
  const rows = await findRecordsByKey(db, foreignScope(target, foreign), keyField, [...new Set(wanted)]);
  const byKey = new Map<string, RecordRow>();
  for (const row of rows) {
    const text = keyTextOf(row, keyField);
    if (text !== null && !byKey.has(text)) byKey.set(text, row);
  }
  return byKey;
}

const lookupKey = (keyField: string, text: string) => (keyField === 'uuid' ? text.toLowerCase() : text);

/**
 * What one import's rows share when their relations are checked (import.ts): the foreign components
 * resolved once, and the foreign keys already found live (a found key is not looked up again; a
 * missing one is, since an earlier batch of the same import may create it).
 */
export interface RelationMemo {
  foreign: Map<string, Promise<Foreign | null>>;
  found: Set<string>;
}

export const newRelationMemo = (): RelationMemo => ({ foreign: new Map(), found: new Set() });

/** The relation fields (of `fields`) whose value in `data` names no live foreign record. */
export async function relationProblems(
  db: Db,
  _accountability: Accountability,
  target: RelationTarget,
  fields: ViewField[],
  data: Record<string, unknown>,
  memo: RelationMemo = newRelationMemo(),
): Promise<string[]> {
  const problems: string[] = [];
  for (const field of fields) {
    if (!field.relation) continue;
    const texts = keyTexts(data[field.key]);
    if (texts !== null && texts.length === 0) continue;
    const foreign = texts === null ? null : await resolveForeign(db, target, field, memo.foreign);
    if (texts === null || !foreign || !foreign.settings) {
      problems.push(field.key);
      continue;
    }
    const keyField = field.relation.key[1];
    const memoKey = (text: string) => `${foreign.row.uuid}|${keyField}|${lookupKey(keyField, text)}`;
    const unknown = texts.filter((text) => !memo.found.has(memoKey(text)));
    if (unknown.length === 0) continue;
    const found = await relatedRows(db, target, foreign, keyField, unknown);
    for (const text of unknown) if (found.has(lookupKey(keyField, text))) memo.found.add(memoKey(text));
    if (unknown.some((text) => !found.has(lookupKey(keyField, text)))) problems.push(field.key);
  }
  return problems;
}

/**
 * `{key}_RefObj` for each relation field of the answer: the related record (one-to-one) or records
 * (one-to-many, in the order of the value), shaped for the caller's view of the foreign component;
 * null or [] when nothing is related or the caller may not read the foreign component.
 */
export async function relatedObjects(
  db: Db,
  accountability: Accountability,
  target: RelationTarget,
  view: ViewSchema,
  answer: RecordAnswer,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const cache = new Map<string, Promise<Foreign | null>>();
  const views = new Map<string, ViewSchema>();
  for (const field of view.fields) {
    if (!field.relation || !field.visible || field.hashed || !(field.key in answer)) continue;
    const many = field.relation.type === 'one-to-many';
    const name = `${field.key}${REF_OBJ_SUFFIX}`;
    out[name] = many ? [] : null;
    const texts = keyTexts(answer[field.key]);
    if (!texts || texts.length === 0) continue;
    const foreign = await resolveForeign(db, target, field, cache);
    if (!foreign || !foreign.settings || !mayOnComponent(accountability, 'read', foreign.row)) continue;
    let foreignView = views.get(foreign.row.uuid);
    if (!foreignView) {
      foreignView = compileFor(foreign.row, foreign.settings, { ...target.viewer, page: 'model_edit' });
      views.set(foreign.row.uuid, foreignView);
    }
    const keyField = field.relation.key[1];
    const found = await relatedRows(db, target, foreign, keyField, texts);
    const related = texts.map((text) => found.get(lookupKey(keyField, text))).filter((row): row is RecordRow => row !== undefined);
    const shaped = related.map((row) => shapeRecord(row, foreignView));
    out[name] = many ? shaped : (shaped[0] ?? null);
  }
  return out;
}
