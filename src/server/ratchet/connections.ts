// Ratchet connections (docs/ratchet.md): admins of the project list, create, read, change and remove
// them (everyone else 403). The password is sealed before it is written and never answered: a reply
// says only whether one is set. A body key that is not a connection's is 400 (the route schema); bad
// values are 417 per field; another project's id is 404.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  RATCHET_DEFAULT_PORT,
  RATCHET_KINDS,
  RATCHET_LIMITS,
  RATCHET_MESSAGE,
  type RatchetConnection,
  type RatchetKind,
} from '../../../runtime/api/ratchet';
import type { Database } from '../db/schema';
import type { RatchetConnectionRow } from '../db/schema-ratchet';
import { HttpError, notFound } from '../platform/errors';
import { seal } from '../platform/secret-box';
import { isPlainObject, isUuid } from '../platform/validate';
import type { Accountability } from '../auth/tenancy';
import { FieldErrors, requireAdmin } from '../iam/access';
import { countConnections, deleteConnection, findConnection, insertConnection, listConnections, nameTaken, updateConnection, type ConnectionColumns } from './sql';
import { isRefusedHost } from './target';

type Db = Kysely<Database>;

export function toConnection(row: RatchetConnectionRow): RatchetConnection {
  return {
    uuid: row.uuid,
    name: row.name,
    kind: row.kind,
    host: row.host,
    port: row.port,
    database: row.database,
    user: row.user,
    password_set: row.password !== null,
    tls: row.tls,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The project's connection with this id (404 for a malformed id and another project's connection). */
export async function requireConnection(db: Db, projectUuid: string, id: string): Promise<RatchetConnectionRow> {
  const row = isUuid(id) ? await findConnection(db, projectUuid, id.toLowerCase()) : undefined;
  if (!row) throw notFound();
  return row;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
/** A host name (letters, digits, dots, dashes, underscores) or an IP address (IPv6 with or without brackets). */
const HOST = /^(?:[A-Za-z0-9_.-]+|\[?[0-9A-Fa-f:.]+(?:%[A-Za-z0-9_.-]+)?\]?)$/;

function text(errors: FieldErrors, field: string, value: unknown, min: number, max: number, required: boolean): string {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (trimmed === undefined || trimmed === null || trimmed === '') {
    if (required) errors.add(field, 'fieldRequired');
    return '';
  }
  if (typeof trimmed !== 'string' || CONTROL.test(trimmed)) errors.add(field, 'invalid');
  else if (trimmed.length < min) errors.add(field, 'cantBeLessThenChars', { min });
  else if (trimmed.length > max) errors.add(field, 'cantBeMoreThenChars', { max });
  else return trimmed;
  return '';
}

function checkHost(errors: FieldErrors, value: unknown): string {
  const host = text(errors, 'host', value, 1, RATCHET_LIMITS.hostMax, true);
  if (host === '') return host;
  if (!HOST.test(host)) errors.add('host', 'invalid');
  else if (isRefusedHost(host)) errors.add('host', RATCHET_MESSAGE.addressRefused);
  return host;
}

function checkPassword(errors: FieldErrors, value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || value.includes('\u0000')) errors.add('password', 'invalid');
  else if (value.length > RATCHET_LIMITS.passwordMax) errors.add('password', 'cantBeMoreThenChars', { max: RATCHET_LIMITS.passwordMax });
  else return value === '' ? null : value;
  return undefined;
}

/** The columns of a create (row null) or a change (the row's values where a key is absent). */
async function checkWrite(db: Db, projectUuid: string, body: unknown, row: RatchetConnectionRow | null): Promise<ConnectionColumns> {
  if (!isPlainObject(body)) throw new HttpError(400, 'badRequest');
  const given = (key: string) => Object.prototype.hasOwnProperty.call(body, key);
  const errors = new FieldErrors();
  const pick = (key: string, fallback: unknown) => (given(key) ? body[key] : fallback);
  const name = text(errors, 'name', pick('name', row?.name), RATCHET_LIMITS.nameMin, RATCHET_LIMITS.nameMax, true);
  const kindValue = pick('kind', row?.kind);
  const kind = (RATCHET_KINDS as readonly unknown[]).includes(kindValue) ? (kindValue as RatchetKind) : null;
  if (kindValue === undefined || kindValue === null) errors.add('kind', 'fieldRequired');
  else if (!kind) errors.add('kind', 'invalid');
  const host = checkHost(errors, pick('host', row?.host));
  const portValue = pick('port', row && (!given('kind') || body.kind === row.kind) ? row.port : undefined) ?? (kind ? RATCHET_DEFAULT_PORT[kind] : undefined);
  const port = Number.isInteger(portValue) && (portValue as number) >= 1 && (portValue as number) <= 65535 ? (portValue as number) : 0;
  if (portValue !== undefined && port === 0) errors.add('port', 'invalid');
  const database = text(errors, 'database', pick('database', row?.database), 1, RATCHET_LIMITS.fieldMax, true);
  const user = text(errors, 'user', pick('user', row?.user), 1, RATCHET_LIMITS.fieldMax, true);
  const password = given('password') ? checkPassword(errors, body.password) : undefined;
  const tls = pick('tls', row?.tls ?? false);
  if (typeof tls !== 'boolean') errors.add('tls', 'invalid');
  if (name && (await nameTaken(db, projectUuid, name, row?.uuid ?? null))) errors.add('name', RATCHET_MESSAGE.nameTaken);
  errors.throwIfAny();
  const sealed = password === undefined ? undefined : password === null ? null : seal(password, 'ratchet-password');
  return { name, kind: kind!, host, port, database, user, password: sealed, tls: tls as boolean };
}

export async function listProjectConnections(db: Db, accountability: Accountability): Promise<RatchetConnection[]> {
  return (await listConnections(db, requireAdmin(accountability))).map(toConnection);
}

export async function getConnection(db: Db, accountability: Accountability, id: string): Promise<RatchetConnection> {
  return toConnection(await requireConnection(db, requireAdmin(accountability), id));
}

export async function createConnection(db: Db, accountability: Accountability, body: unknown): Promise<RatchetConnection> {
  const projectUuid = requireAdmin(accountability);
  const columns = await checkWrite(db, projectUuid, body, null);
  if ((await countConnections(db, projectUuid)) >= RATCHET_LIMITS.perProject) throw new HttpError(409, RATCHET_MESSAGE.tooManyConnections);
  const row = await insertConnection(db, { ...columns, uuid: randomUUID(), project_uuid: projectUuid, created_by: accountability.user.uuid }).catch((error: unknown) => {
    // Two creates with one name at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new HttpError(417, 'fieldsNotValid', [{ field: 'name', messages: [RATCHET_MESSAGE.nameTaken] }]);
    throw error;
  });
  return toConnection(row);
}

export async function changeConnection(db: Db, accountability: Accountability, id: string, body: unknown): Promise<RatchetConnection> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireConnection(db, projectUuid, id);
  const columns = await checkWrite(db, projectUuid, body, row);
  const updated = await updateConnection(db, projectUuid, row.uuid, columns);
  if (!updated) throw notFound();
  return toConnection(updated);
}

export async function removeConnection(db: Db, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireConnection(db, projectUuid, id);
  if (!(await deleteConnection(db, projectUuid, row.uuid))) throw notFound();
  return {};
}
