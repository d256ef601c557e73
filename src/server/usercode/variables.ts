// Global variables (docs/user-code.md "context.env"): list, create, update and remove the variables of
// the caller's project in the caller's environment (X-Project-Env). Admins only. A secret's value is
// write-only: no reply carries it (VariableItem.value is null, mask is set), it may only be replaced.
// A uuid of another project or environment is 404, as if it did not exist. A secret's value is stored
// sealed (secret-box.ts); a plain variable's as it is (every admin reads it).
import type { Kysely, Selectable } from 'kysely';
import { VARIABLE_MASK, VARIABLE_MESSAGE, type VariableItem } from '../../../runtime/api/environment';
import { VARIABLE_LIMITS, variableErrors, type VariableInput } from '../../../runtime/environment/rules';
import { nowDate } from '../platform/clock';
import { lockProject } from '../iam/members-sql';
import { open, seal } from '../platform/secret-box';
import type { Database } from '../db/schema';
import type { VariablesTable } from '../db/schema-usercode';
import { uuidv7 } from '../db/uuid7';
import { fieldsNotValid, forbidden, HttpError, notFound } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { requireAdmin } from '../iam/access';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;
type VariableRow = Selectable<VariablesTable>;

const nameTaken = () => new HttpError(409, VARIABLE_MESSAGE.nameTaken, [{ field: 'name', messages: [VARIABLE_MESSAGE.nameTaken] }]);
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A row as a reply: never the value of a secret. */
export function variableItem(row: VariableRow): VariableItem {
  return {
    uuid: row.uuid,
    name: row.name,
    env: row.env,
    secret: row.secret,
    value: row.secret ? null : row.value,
    mask: row.secret ? VARIABLE_MASK : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What the value column holds: a secret sealed. */
function storedValue(value: string, secret: boolean): string {
  return secret ? seal(value, 'variable') : value;
}

/** A stored value as user code gets it. */
export function clearValue(row: Pick<VariableRow, 'value' | 'secret'>): string {
  return row.secret ? open(row.value, 'variable') : row.value;
}

function inputOf(body: unknown): VariableInput {
  if (!isPlainObject(body)) throw fieldsNotValid([{ field: 'name', messages: ['identityField.requiredField'] }]);
  return { name: body.name, value: body.value, secret: body.secret };
}

export async function listVariables(db: Db, accountability: Accountability): Promise<VariableItem[]> {
  const projectUuid = requireAdmin(accountability);
  const rows = await db.selectFrom('variables').selectAll().where('project_uuid', '=', projectUuid).where('env', '=', accountability.env).orderBy('name').execute();
  return rows.map(variableItem);
}

export async function createVariable(db: Db, accountability: Accountability, body: unknown): Promise<VariableItem> {
  const projectUuid = requireAdmin(accountability);
  const input = inputOf(body);
  const errors = variableErrors(input, { partial: false });
  if (errors.length > 0) throw fieldsNotValid(errors);
  const env = accountability.env;
  try {
    return await db.transaction().execute(async (tx) => {
      // The project's row lock makes the name check and the count exact under concurrent creates.
      if (!(await lockProject(tx, projectUuid))) throw forbidden();
      const rows = await tx.selectFrom('variables').select('name').where('project_uuid', '=', projectUuid).where('env', '=', env).execute();
      if (rows.some((row) => row.name === input.name)) throw nameTaken();
      if (rows.length >= VARIABLE_LIMITS.perEnv) throw new HttpError(409, VARIABLE_MESSAGE.limitReached);
      const at = nowDate();
      const row = await tx
        .insertInto('variables')
        .values({ uuid: uuidv7(), project_uuid: projectUuid, env, name: input.name as string, value: storedValue(input.value as string, input.secret === true), secret: input.secret === true, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return variableItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function ownRow(db: Db, projectUuid: string, env: string, uuid: string): Promise<VariableRow> {
  if (!isUuid(uuid)) throw notFound();
  const row = await db.selectFrom('variables').selectAll().where('project_uuid', '=', projectUuid).where('env', '=', env as 'dev').where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function updateVariable(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<VariableItem> {
  const projectUuid = requireAdmin(accountability);
  const input = inputOf(body);
  const row = await ownRow(db, projectUuid, accountability.env, uuid);
  const errors = variableErrors(input, { partial: true, wasSecret: row.secret });
  if (errors.length > 0) throw fieldsNotValid(errors);
  const changes: Partial<{ name: string; value: string; secret: boolean }> = {};
  if (typeof input.name === 'string' && input.name !== row.name) changes.name = input.name;
  if (typeof input.value === 'string') changes.value = input.value;
  if (typeof input.secret === 'boolean') changes.secret = input.secret;
  // Sealed when it is (or becomes) a secret; a secret's value made plain comes with a new value (variableErrors).
  const secret = changes.secret ?? row.secret;
  if (changes.value !== undefined) changes.value = storedValue(changes.value, secret);
  else if (secret && !row.secret) changes.value = storedValue(row.value, true);
  if (Object.keys(changes).length === 0) return variableItem(row);
  try {
    const updated = await db
      .updateTable('variables')
      .set({ ...changes, updated_at: nowDate() })
      .where('uuid', '=', row.uuid)
      .where('project_uuid', '=', projectUuid)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound();
    return variableItem(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function removeVariable(db: Db, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await ownRow(db, projectUuid, accountability.env, uuid);
  await db.deleteFrom('variables').where('uuid', '=', row.uuid).where('project_uuid', '=', projectUuid).execute();
  return {};
}
