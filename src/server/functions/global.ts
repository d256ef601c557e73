// Global functions (docs/user-code.md "Global functions"), managed by project admins: a name unique
// in the project, code, a description, whether it is public, whether public calls must be signed,
// the API user it runs as, and its signing keys (shown once). Another project's function is 404.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  FUNCTION_LIMITS,
  GLOBAL_FUNCTION_NAME,
  publicFunctionPath,
  type GlobalFunction,
  type GlobalFunctionKey,
  type GlobalFunctionKeyCreated,
} from '../../../runtime/api/functions';
import { findMember } from '../iam/members-sql';
import { seal } from '../platform/secret-box';
import {
  apiUserNames,
  deleteGlobalFunction,
  deleteKey,
  findGlobalFunction,
  findGlobalFunctionByName,
  insertGlobalFunction,
  insertKey,
  keysOf,
  listGlobalFunctions,
  updateGlobalFunction,
  type GlobalFunctionWrite,
} from './global-sql';
import type { Database } from '../db/schema';
import type { GlobalFunctionKeyRow, GlobalFunctionRow } from '../db/schema-usercode';
import { HttpError, notFound } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { FUNCTION_MESSAGE } from './common';
import { FieldErrors, requireAdmin } from '../iam/access';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const FUNCTION_KEY_PREFIX = 'lumafk_';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const functionExists = () => new HttpError(409, FUNCTION_MESSAGE.functionExists);

function toKey(row: GlobalFunctionKeyRow): GlobalFunctionKey {
  return { uuid: row.uuid, hint: row.hint, created_at: new Date(row.created_at).toISOString(), last_used_at: iso(row.last_used_at) };
}

async function shape(db: Db, rows: GlobalFunctionRow[]): Promise<GlobalFunction[]> {
  if (rows.length === 0) return [];
  const projectUuid = rows[0]!.project_uuid;
  const [keys, names] = await Promise.all([
    keysOf(db, rows.map((row) => row.uuid)),
    apiUserNames(db, projectUuid, rows.flatMap((row) => (row.api_user_uuid ? [row.api_user_uuid] : []))),
  ]);
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    code: row.code,
    public: row.public,
    signed: row.signed,
    api_user_uuid: row.api_user_uuid,
    api_user_name: row.api_user_uuid ? (names.get(row.api_user_uuid) ?? null) : null,
    keys: keys.filter((key) => key.function_uuid === row.uuid).map(toKey),
    public_path: publicFunctionPath(row.project_uuid, row.name),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

/** The project's function with this id (404 for a malformed id and another project's function). */
export async function requireGlobalFunction(db: Db, projectUuid: string, id: string): Promise<GlobalFunctionRow> {
  const row = isUuid(id) ? await findGlobalFunction(db, projectUuid, id.toLowerCase()) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The body's fields, checked (417 with field messages); `creating` makes name required. */
async function checkWrite(db: Db, projectUuid: string, body: unknown, creating: boolean): Promise<GlobalFunctionWrite> {
  const given = bodyObject(body);
  const errors = new FieldErrors();
  const write: GlobalFunctionWrite = {};
  if (creating || given.name !== undefined) {
    const name = typeof given.name === 'string' ? given.name.trim() : given.name;
    if (name === undefined || name === null || name === '') errors.add('name', 'fieldRequired');
    else if (typeof name !== 'string' || !GLOBAL_FUNCTION_NAME.test(name)) errors.add('name', 'invalidInput');
    else if (name.length < FUNCTION_LIMITS.nameMin) errors.add('name', 'cantBeLessThenChars', { min: FUNCTION_LIMITS.nameMin });
    else if (name.length > FUNCTION_LIMITS.nameMax) errors.add('name', 'cantBeMoreThenChars', { max: FUNCTION_LIMITS.nameMax });
    else write.name = name;
  }
  const text = (field: 'description' | 'code', max: number) => {
    const value = given[field];
    if (value === undefined) return;
    if (typeof value !== 'string') errors.add(field, 'invalidInput');
    else if (value.length > max) errors.add(field, 'cantBeMoreThenChars', { max });
    else write[field] = value;
  };
  text('description', FUNCTION_LIMITS.descriptionMax);
  text('code', FUNCTION_LIMITS.codeMax);
  for (const flag of ['public', 'signed'] as const) {
    if (given[flag] === undefined) continue;
    if (typeof given[flag] !== 'boolean') errors.add(flag, 'invalidInput');
    else write[flag] = given[flag];
  }
  if (given.api_user_uuid !== undefined) {
    const uuid = given.api_user_uuid;
    if (uuid === null || uuid === '') write.api_user_uuid = null;
    else if (typeof uuid !== 'string' || !isUuid(uuid)) errors.add('api_user_uuid', 'invalidInput');
    else {
      // Only an API user of this project: a person (an admin above all) is never a function's principal.
      const member = await findMember(db, projectUuid, uuid.toLowerCase());
      if (!member || member.kind !== 'api') errors.add('api_user_uuid', 'invalidInput');
      else write.api_user_uuid = uuid.toLowerCase();
    }
  }
  errors.throwIfAny();
  return write;
}

export async function listFunctions(db: Db, accountability: Accountability): Promise<GlobalFunction[]> {
  return shape(db, await listGlobalFunctions(db, requireAdmin(accountability)));
}

export async function getFunction(db: Db, accountability: Accountability, id: string): Promise<GlobalFunction> {
  const row = await requireGlobalFunction(db, requireAdmin(accountability), id);
  return (await shape(db, [row]))[0]!;
}

/** `uuid`: the new function's id when it is given (a snapshot's apply keeps its ids). */
export async function createFunction(db: Db, accountability: Accountability, body: unknown, uuid?: string): Promise<GlobalFunction> {
  const projectUuid = requireAdmin(accountability);
  const write = await checkWrite(db, projectUuid, body, true);
  if (await findGlobalFunctionByName(db, projectUuid, write.name!)) throw functionExists();
  try {
    const row = await insertGlobalFunction(db, { ...write, name: write.name!, uuid: uuid ?? randomUUID(), project_uuid: projectUuid, created_by: accountability.user.uuid });
    return (await shape(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw functionExists();
    throw error;
  }
}

export async function updateFunction(db: Db, accountability: Accountability, id: string, body: unknown): Promise<GlobalFunction> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireGlobalFunction(db, projectUuid, id);
  const write = await checkWrite(db, projectUuid, body, false);
  if (write.name !== undefined && write.name !== row.name && (await findGlobalFunctionByName(db, projectUuid, write.name))) throw functionExists();
  try {
    const updated = await updateGlobalFunction(db, projectUuid, row.uuid, write);
    if (!updated) throw notFound();
    return (await shape(db, [updated]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw functionExists();
    throw error;
  }
}

export async function removeFunction(db: Db, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireGlobalFunction(db, projectUuid, id);
  if (!(await deleteGlobalFunction(db, projectUuid, row.uuid))) throw notFound();
  return {};
}

export async function createKey(db: Db, accountability: Accountability, id: string): Promise<GlobalFunctionKeyCreated> {
  const row = await requireGlobalFunction(db, requireAdmin(accountability), id);
  const key = FUNCTION_KEY_PREFIX + randomBytes(32).toString('base64url');
  const saved = await insertKey(db, { uuid: randomUUID(), function_uuid: row.uuid, secret: seal(key, 'function-key'), hint: key.slice(-4) });
  return { ...toKey(saved), key };
}

/** DELETE /v1/system/function/signature/{x}/{y}: the key is gone, so the next call signed with it is refused. */
export async function revokeKey(db: Db, accountability: Accountability, functionId: string, keyId: string): Promise<Record<string, never>> {
  const row = await requireGlobalFunction(db, requireAdmin(accountability), functionId);
  if (!isUuid(keyId) || !(await deleteKey(db, row.uuid, keyId.toLowerCase()))) throw notFound();
  return {};
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
