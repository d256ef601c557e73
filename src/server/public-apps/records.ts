// A served public app's records (docs/public-apps.md "The public API"): the list and the create of a
// component a block of the served version names, as the API user the app runs as (its permissions
// decide), through the fields whose read sources allow the app only. A key of another field is
// refused (417 'fieldNotPublic' at data.{key}) before anything is written; answers carry the record's
// uuid and the allowed fields, nothing else.
import type { Kysely } from 'kysely';
import { PUBLIC_APP_LIMITS, PUBLIC_APP_MESSAGE, type PublicRecordList } from '../../../runtime/api/public-apps';
import type { FieldError } from '../../../runtime/api/contract';
import type { Database } from '../db/schema';
import { fieldsNotValid } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { bodyObject } from '../components/input';
import { createRecord } from '../records/records';
import { listModels } from '../records/list';
import type { ServedApp } from './serve';
import { publicTarget, runAs, type PublicTarget } from './site';

type Db = Kysely<Database>;

function only(record: Record<string, unknown>, target: PublicTarget): Record<string, unknown> {
  const out: Record<string, unknown> = { uuid: record.uuid };
  for (const field of target.component.fields) if (Object.hasOwn(record, field.key)) out[field.key] = record[field.key];
  return out;
}

export async function listPublicRecords(db: Db, served: ServedApp, componentUuid: string, query: { offset?: string; limit?: string }): Promise<PublicRecordList> {
  const accountability = await runAs(db, served);
  const target = await publicTarget(db, served, accountability, componentUuid);
  const limit = Math.min(Number(query.limit || PUBLIC_APP_LIMITS.pageSize) || PUBLIC_APP_LIMITS.pageSize, PUBLIC_APP_LIMITS.pageSize);
  const { answer } = await listModels(db, accountability, {
    ref: target.row.uuid,
    query: { offset: String(Number(query.offset || 0)), limit: String(limit) },
    locale: undefined,
    app: true,
    cacheTtl: null,
    source: 'public-app',
  });
  return { items: answer.items.map((item) => only(item as Record<string, unknown>, target)), total: answer.total };
}

export async function createPublicRecord(db: Db, served: ServedApp, componentUuid: string, body: unknown): Promise<Record<string, unknown>> {
  const input = bodyObject(body);
  if (!isPlainObject(input.data)) throw fieldsNotValid([{ field: 'data', messages: ['invalidInput'] }]);
  const data = input.data;
  const accountability = await runAs(db, served);
  const target = await publicTarget(db, served, accountability, componentUuid);
  const allowed = new Set(target.component.fields.map((field) => field.key));
  const refused: FieldError[] = Object.keys(data)
    .filter((key) => !allowed.has(key))
    .map((key) => ({ field: `data.${key}`, messages: [PUBLIC_APP_MESSAGE.fieldNotPublic] }));
  if (refused.length > 0) throw fieldsNotValid(refused);
  const created = await createRecord(db, accountability, target.row.uuid, { data }, undefined);
  return only(created as unknown as Record<string, unknown>, target);
}
