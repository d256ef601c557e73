// Config entries (spec section 3 "Config": path, data, project_uuid): project-level ones, which admins
// write (PUT /v1/config/) and members read (POST /v1/config/get, GET /v1/config/), and each user's own
// entries per project (GET and PUT /v1/config/user). A body naming another project is 403, a path
// outside CONFIG_PATH or data past 256 KiB is refused; the data is stored as given (jsonb), so a
// '__proto__' key is a key like any other and never reaches an object's prototype.
import type { Kysely } from 'kysely';
import { ERROR_KEY, type ConfigEntry, type FieldError } from '../../../runtime/api/contract';
import { findProjectConfig, listProjectConfig, listUserConfig, upsertProjectConfig, upsertUserConfig } from './config-sql';
import { requireAdmin } from '../iam/access';
import type { ConfigRow, Database } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { requireProject, type Accountability } from '../auth/tenancy';
import { judgeTutorialConfig, TUTORIALS_CONFIG_PATH } from '../../../runtime/tutorials/tutorials';
import { judgeOnboardingConfig, ONBOARDING_CONFIG_PATH } from '../../../runtime/integrations/onboarding';

type Db = Kysely<Database>;

export const CONFIG_PATH = /^[A-Za-z0-9_.:/-]{1,200}$/;
export const CONFIG_DATA_MAX_BYTES = 256 * 1024;

function toEntry(row: ConfigRow): ConfigEntry {
  return { path: row.path, data: row.data, project_uuid: row.project_uuid };
}

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !CONFIG_PATH.test(path)) throw badRequest([{ field: 'path', messages: ['invalid'] }]);
  return path;
}

export async function getProjectConfig(db: Db, accountability: Accountability, body: unknown): Promise<ConfigEntry> {
  const path = checkPath(isPlainObject(body) ? body.path : undefined);
  const row = await findProjectConfig(db, requireProject(accountability), path);
  if (!row) throw notFound();
  return toEntry(row);
}

export async function listProjectConfigEntries(db: Db, accountability: Accountability): Promise<ConfigEntry[]> {
  return (await listProjectConfig(db, requireProject(accountability))).map(toEntry);
}

/** Without a path, all of the caller's entries; with one, that entry (404 when absent). */
export async function getUserConfig(db: Db, accountability: Accountability, path: unknown): Promise<ConfigEntry[] | ConfigEntry> {
  const projectUuid = requireProject(accountability);
  if (path === undefined) return (await listUserConfig(db, projectUuid, accountability.user.uuid)).map(toEntry);
  const [row] = await listUserConfig(db, projectUuid, accountability.user.uuid, checkPath(path));
  if (!row) throw notFound();
  return toEntry(row);
}

/** The body of a config write, judged: its path and data, for the caller's own project only. */
function judgeWrite(accountability: Accountability, body: Record<string, unknown>): { projectUuid: string; path: string; data: unknown } {
  const errors: FieldError[] = [];
  if (typeof body.path !== 'string' || !CONFIG_PATH.test(body.path)) errors.push({ field: 'path', messages: ['invalid'] });
  if (!('data' in body) || body.data === undefined) errors.push({ field: 'data', messages: ['identityField.requiredField'] });
  if (!isUuid(body.project_uuid)) errors.push({ field: 'project_uuid', messages: ['invalid'] });
  if (errors.length > 0) throw badRequest(errors);

  const projectUuid = requireProject(accountability);
  if ((body.project_uuid as string).toLowerCase() !== projectUuid) throw forbidden();
  if (Buffer.byteLength(JSON.stringify(body.data)) > CONFIG_DATA_MAX_BYTES) {
    throw new HttpError(413, ERROR_KEY.payloadTooLarge, [{ field: 'data', messages: ['cantBeMoreThenChars'] }]);
  }
  // jsonb holds no NUL character: refused here rather than failing in the database.
  if (JSON.stringify(body.data).includes('\\u0000')) throw badRequest([{ field: 'data', messages: ['invalid'] }]);
  return { projectUuid, path: body.path as string, data: body.data };
}

/** The entries whose data the screens read as a shape: a write of another shape is refused (400). */
const USER_SHAPES: Record<string, (data: unknown) => FieldError[]> = { [TUTORIALS_CONFIG_PATH]: judgeTutorialConfig };
const PROJECT_SHAPES: Record<string, (data: unknown) => FieldError[]> = { [ONBOARDING_CONFIG_PATH]: judgeOnboardingConfig };

function checkShape(shapes: Record<string, (data: unknown) => FieldError[]>, path: string, data: unknown): void {
  const judge = Object.hasOwn(shapes, path) ? shapes[path] : undefined;
  const errors = judge ? judge(data) : [];
  if (errors.length > 0) throw badRequest(errors);
}

export async function putUserConfig(db: Db, accountability: Accountability, body: Record<string, unknown>): Promise<ConfigEntry> {
  const { projectUuid, path, data } = judgeWrite(accountability, body);
  checkShape(USER_SHAPES, path, data);
  return toEntry(await upsertUserConfig(db, projectUuid, accountability.user.uuid, path, data));
}

/** PUT /v1/config/ {path, data, project_uuid}: writes a project-level entry (the project's admins). */
export async function putProjectConfig(db: Db, accountability: Accountability, body: Record<string, unknown>): Promise<ConfigEntry> {
  requireAdmin(accountability);
  const { projectUuid, path, data } = judgeWrite(accountability, body);
  checkShape(PROJECT_SHAPES, path, data);
  return toEntry(await upsertProjectConfig(db, projectUuid, path, data, accountability.user.uuid));
}
