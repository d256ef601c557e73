// Rows written straight to the database, for states the API cannot create yet
// (a second project, other members, roles), and small clients for the component calls.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { defaultSettings } from '../../runtime/components';
import { toJson } from '../../src/server/db/json';
import type { Database, UserStatus } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/passwords';
import { ensureRecordPartition } from '../../src/server/records/partitions-sql';

type Db = Kysely<Database>;

export async function adminProject(db: Db): Promise<{ projectUuid: string; workspaceUuid: string; adminUuid: string }> {
  const project = await db.selectFrom('projects').select(['uuid', 'owner_uuid']).where('name', '=', 'Luma').executeTakeFirstOrThrow();
  const workspace = await db.selectFrom('workspaces').select('uuid').where('project_uuid', '=', project.uuid).executeTakeFirstOrThrow();
  return { projectUuid: project.uuid, workspaceUuid: workspace.uuid, adminUuid: project.owner_uuid! };
}

export async function createUser(db: Db, email: string, password: string, status: UserStatus = 'active', name = 'Test User'): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('users').values({ uuid, name, email, password_hash: await hashPassword(password), status }).execute();
  return uuid;
}

export async function createProject(db: Db, name: string, ownerUuid: string | null = null): Promise<{ projectUuid: string; workspaceUuid: string }> {
  const projectUuid = crypto.randomUUID();
  const workspaceUuid = crypto.randomUUID();
  await db.insertInto('projects').values({ uuid: projectUuid, name, owner_uuid: ownerUuid }).execute();
  await db.insertInto('workspaces').values({ uuid: workspaceUuid, project_uuid: projectUuid, name: `${name} workspace` }).execute();
  await db
    .insertInto('environments')
    .values([
      { workspace_uuid: workspaceUuid, name: 'dev', settings: toJson({}) },
      { workspace_uuid: workspaceUuid, name: 'live', settings: toJson({}) },
    ])
    .execute();
  return { projectUuid, workspaceUuid };
}

export async function addWorkspace(db: Db, projectUuid: string, name: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('workspaces').values({ uuid, project_uuid: projectUuid, name }).execute();
  return uuid;
}

export async function addMember(db: Db, projectUuid: string, userUuid: string, isOwner = false): Promise<void> {
  await db.insertInto('project_users').values({ project_uuid: projectUuid, user_uuid: userUuid, is_owner: isOwner }).execute();
}

export async function createRole(
  db: Db,
  projectUuid: string,
  role: { name: string; isAdmin?: boolean; level?: number; permissions?: string[] },
): Promise<string> {
  const uuid = crypto.randomUUID();
  await db
    .insertInto('roles')
    .values({ uuid, project_uuid: projectUuid, name: role.name, is_admin: role.isAdmin ?? false, level: role.level ?? 10, permissions: toJson(role.permissions ?? []) })
    .execute();
  return uuid;
}

export async function grantRole(db: Db, userUuid: string, roleUuid: string, workspaceUuid: string | null = null): Promise<void> {
  await db.insertInto('user_roles').values({ user_uuid: userUuid, role_uuid: roleUuid, workspace_uuid: workspaceUuid }).execute();
}

export async function setRolePermissions(db: Db, roleUuid: string, permissions: string[]): Promise<void> {
  await db.updateTable('roles').set({ permissions: toJson(permissions) }).where('uuid', '=', roleUuid).execute();
}

/** A member of the admin's project with one non-admin role. */
export async function createMember(db: Db, email: string, password: string, permissions: string[] = []) {
  const { projectUuid, workspaceUuid } = await adminProject(db);
  const userUuid = await createUser(db, email, password);
  await addMember(db, projectUuid, userUuid);
  const roleUuid = await createRole(db, projectUuid, { name: `Role of ${email}`, permissions });
  await grantRole(db, userUuid, roleUuid);
  return { userUuid, roleUuid, projectUuid, workspaceUuid };
}

/** A component written straight to the database (e.g. in another project), with one version. */
export async function insertComponentRow(
  db: Db,
  projectUuid: string,
  component: { name: string; scope?: string | null; settings?: unknown; version?: string; devVersion?: string | null; publicVersion?: string | null },
): Promise<string> {
  const uuid = crypto.randomUUID();
  const version = component.version ?? 'v1';
  await db
    .insertInto('components')
    .values({
      uuid,
      project_uuid: projectUuid,
      name: component.name,
      scope: component.scope ?? null,
      label: toJson({ en_US: component.name }),
      dev_version: component.devVersion === undefined ? version : component.devVersion,
      public_version: component.publicVersion ?? null,
    })
    .execute();
  await ensureRecordPartition(db, uuid);
  await db
    .insertInto('component_versions')
    .values({ component_uuid: uuid, name: version, settings: toJson(component.settings ?? defaultSettings(version)) })
    .execute();
  return uuid;
}

type Inject = (options: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object | string; headers: Record<string, string> }) => Promise<LightMyRequestResponse>;

/** The component calls of docs/components.md for one caller (cookie) and environment. */
export function componentApi(app: () => { inject: Inject }, cookie: () => string, env: 'dev' | 'live' = 'dev') {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, more: Record<string, string> = {}) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: cookie(), 'x-project-env': env, ...more } });
  const path = (ref: string) => ref.split('/').map(encodeURIComponent).join('/');
  return {
    send,
    create: (body: unknown) => send('POST', '/v3/system/component', body),
    menu: (more?: Record<string, string>) => send('GET', '/v3/system/component/menu', undefined, more),
    list: () => send('GET', '/v3/system/components'),
    settings: (ref: string, version?: string, more?: Record<string, string>) =>
      send('GET', `/v3/system/component/settings/${path(ref)}${version === undefined ? '' : `/${encodeURIComponent(version)}`}`, undefined, more),
    save: (ref: string, version: string, model: unknown) => send('POST', `/v3/system/component/settings/${path(ref)}/${encodeURIComponent(version)}`, model),
    remove: (ref: string) => send('DELETE', `/v3/system/component/${path(ref)}`),
    clone: (body: unknown) => send('POST', '/v3/system/component/clone', body),
    fork: (body: unknown) => send('POST', '/v3/system/component/version/fork', body),
    forkSchema: (body: unknown) => send('POST', '/v3/system/component/version/fork/schema', body),
    removeVersion: (body: unknown) => send('POST', '/v3/system/component/version/remove', body),
    publish: (body: unknown) => send('POST', '/v3/system/component/version/publish', body),
  };
}

/** A valid text input field definition (the server fills in the rest). */
export function textField(name: string, extra: Record<string, unknown> = {}) {
  return { name, key: name.toLowerCase().replace(/\s+/g, '_'), module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } }, ...extra };
}

/** The record calls of docs/records.md for one caller (cookie) and environment. */
export function recordApi(app: () => { inject: Inject }, cookie: () => string, env: 'dev' | 'live' = 'dev') {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, more: Record<string, string> = {}) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: cookie(), 'x-project-env': env, ...more } });
  const path = (ref: string) => ref.split('/').map(encodeURIComponent).join('/');
  const base = (ref: string) => `/v3/system/component/${path(ref)}/model`;
  return {
    send,
    create: (ref: string, data: unknown, more?: Record<string, string>) => send('POST', base(ref), { data }, more),
    get: (ref: string, uuid: string, more?: Record<string, string>) => send('GET', `${base(ref)}/${encodeURIComponent(uuid)}`, undefined, more),
    update: (ref: string, uuid: string, version: unknown, data: unknown, more?: Record<string, string>) =>
      send('POST', `${base(ref)}/${encodeURIComponent(uuid)}`, { version, data }, more),
    remove: (ref: string, uuid: string) => send('DELETE', `${base(ref)}/${encodeURIComponent(uuid)}`),
  };
}

/**
 * A component made through the API with `fields` saved into v1 (which dev points to), optionally
 * published to live too. Answers its uuid.
 */
export async function componentWithFields(
  api: ReturnType<typeof componentApi>,
  name: string,
  fields: unknown[],
  options: { scope?: string; live?: boolean } = {},
): Promise<string> {
  const created = await api.create({ name, label: { en_US: name }, ...(options.scope ? { scope: options.scope } : {}) });
  if (created.statusCode !== 200) throw new Error(`create ${name}: ${created.statusCode} ${created.body}`);
  const uuid: string = created.json().uuid;
  const ref = options.scope ? `${options.scope}/${name}` : uuid;
  const model = (await api.settings(ref, 'v1')).json();
  const saved = await api.save(ref, 'v1', { ...model, settings: { ...model.settings, fields } });
  if (saved.statusCode !== 200) throw new Error(`save ${name}: ${saved.statusCode} ${saved.body}`);
  if (options.live) {
    const published = await api.publish({ version: 'v1', env: 'live', ref });
    if (published.statusCode !== 200) throw new Error(`publish ${name}: ${published.statusCode} ${published.body}`);
  }
  return uuid;
}

/** Field definitions for record tests (the server fills in the rest). */
export const recordFields = {
  text: (key: string, constraints: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    name: key.replace(/_/g, ' '),
    key,
    auto_key: false,
    module: 'input',
    type: 'text',
    constraints: { length: { min: 1, max: 255 }, ...constraints },
    ...extra,
  }),
  email: (key: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, auto_key: false, module: 'input', type: 'email', constraints }),
  number: (key: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, auto_key: false, module: 'input', type: 'number', constraints }),
  password: (key: string, constraints: Record<string, unknown> = {}) => ({
    name: key,
    key,
    auto_key: false,
    module: 'input',
    type: 'password',
    constraints: { hashed: true, length: { min: 6, max: 64 }, ...constraints },
  }),
  select: (key: string, items: (string | number)[], constraints: Record<string, unknown> = {}) => ({
    name: key,
    key,
    auto_key: false,
    module: 'select',
    type: 'text',
    constraints: { selectables: { items }, ...constraints },
  }),
  relation: (key: string, foreign: string, foreignKey: string, type: 'one-to-one' | 'one-to-many', constraints: Record<string, unknown> = {}) => ({
    name: key,
    key,
    auto_key: false,
    module: 'select',
    type: 'relation',
    relation: { foreign, key: [key, foreignKey], type },
    constraints,
  }),
};

/**
 * A fixture made by the first case that needs it and shared by the cases after it, for state a case
 * must not find made in advance (a case that lists what exists before making it): any case still runs
 * alone with vitest -t.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}
