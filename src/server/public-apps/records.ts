// A served public app's records (docs/public-apps.md "The public API"): the list and the create of a
// component a block of the served version names, as the API user the app runs as (its permissions
// decide), through the fields whose read sources allow the app only. A key of another field is
// refused (417 'fieldNotPublic' at data.{key}) before anything is written; answers carry the record's
// uuid and the allowed fields, nothing else. On a portal, a record a signed-in visitor creates is theirs
// (portal_records), and their list holds their own records only; a public page (no portal) lists all.
import { sql, type Kysely } from 'kysely';
import { PUBLIC_APP_LIMITS, PUBLIC_APP_MESSAGE, type PublicRecordList, type PublicVisitor } from '../../../runtime/api/public-apps';
import type { FieldError } from '../../../runtime/api/contract';
import { joined } from '../db/joined';
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

/** A visitor's own records: the predicate that narrows the list (records/sql.ts RecordScope.only). */
const ownedBy = (visitor: PublicVisitor, componentUuid: string) =>
  sql`uuid in (select record_uuid from portal_records where portal_user_uuid = ${visitor.uuid} and component_uuid = ${componentUuid})`;

export async function listPublicRecords(db: Db, served: ServedApp, visitor: PublicVisitor | null, componentUuid: string, query: { offset?: string; limit?: string }): Promise<PublicRecordList> {
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
    only: visitor ? ownedBy(visitor, target.row.uuid) : undefined,
  });
  return { items: answer.items.map((item) => only(item as Record<string, unknown>, target)), total: answer.total };
}

export async function createPublicRecord(db: Db, served: ServedApp, visitor: PublicVisitor | null, componentUuid: string, body: unknown): Promise<Record<string, unknown>> {
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
  // The record and its owner commit together; the record's actions (workflows, events) run after.
  const created = await joined(db, async (tx) => {
    const record = await createRecord(tx, accountability, target.row.uuid, { data }, undefined);
    if (visitor) await tx.insertInto('portal_records').values({ record_uuid: record.uuid as string, portal_user_uuid: visitor.uuid, component_uuid: target.row.uuid }).execute();
    return record;
  });
  return only(created as unknown as Record<string, unknown>, target);
}
