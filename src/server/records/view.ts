// The compiled ViewSchema the record calls work with (docs/records.md): the component's settings of
// the request environment's version, compiled by runtime/compile for the caller (roles, admin,
// locale) and the page (model_create for create, model_edit for update and reads).
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE, componentRef } from '../../../runtime/components/index';
import { compileViewSchema } from '../../../runtime/compile/index';
import type { ComponentSettings } from '../../../schemas/index';
import type { CompilePage, ViewSchema } from '../../../schemas/viewSchema.schema';
import { findVersion } from '../components/sql';
import type { ComponentRow, Database, RecordEnv } from '../db/schema';
import { HttpError } from '../platform/errors';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export type RecordLocale = 'en_US' | 'sr';

export interface Viewer {
  locale: RecordLocale;
  roles: string[];
  isAdmin: boolean;
}

/** Accept-Language as one of the record form's locales (sr, else en_US). */
export function recordLocale(header: string | undefined): RecordLocale {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'sr' || first.startsWith('sr-') || first.startsWith('sr_') ? 'sr' : 'en_US';
}

export function viewerOf(accountability: Accountability, locale: string | undefined): Viewer {
  return { locale: recordLocale(locale), roles: accountability.roles.map((role) => role.uuid), isAdmin: accountability.is_admin };
}

export function compileFor(row: ComponentRow, settings: ComponentSettings, input: Viewer & { page: CompilePage }): ViewSchema {
  return compileViewSchema(settings, {
    component: { uuid: row.uuid, ref: componentRef(row), name: row.name, label: row.label ?? {} },
    locale: input.locale,
    roles: input.roles,
    isAdmin: input.isAdmin,
    page: input.page,
  });
}

// Compiled views of the list calls, kept per process: the key holds everything a compile reads (the
// component row's identity and update time, the version and its update time, the viewer and the page),
// so a saved version or a changed role is a different key. Entries are frozen: a caller that tried to
// change a shared view would throw rather than corrupt another caller's answer.
const VIEW_CACHE_MAX = 500;
const viewCache = new Map<string, ViewSchema>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

/** compileFor, memoised for a version known by its update time (null: compiled afresh, not kept). */
export function compileForVersion(
  row: ComponentRow,
  settings: ComponentSettings,
  versionUpdatedAt: Date | null,
  input: Viewer & { page: CompilePage },
): ViewSchema {
  if (versionUpdatedAt === null) return compileFor(row, settings, input);
  const key = [
    row.uuid,
    row.updated_at.getTime(),
    envVersionKey(row),
    versionUpdatedAt.getTime(),
    input.locale,
    input.isAdmin ? 1 : 0,
    [...input.roles].sort().join(','),
    input.page,
  ].join('|');
  const cached = viewCache.get(key);
  if (cached) {
    // Refresh its place: the least recently used entry goes first.
    viewCache.delete(key);
    viewCache.set(key, cached);
    return cached;
  }
  const view = deepFreeze(compileFor(row, settings, input));
  if (viewCache.size >= VIEW_CACHE_MAX) viewCache.delete(viewCache.keys().next().value!);
  viewCache.set(key, view);
  return view;
}

function envVersionKey(row: ComponentRow): string {
  return `${row.dev_version ?? ''}/${row.public_version ?? ''}`;
}

export function envVersionOf(row: ComponentRow, env: RecordEnv): string | null {
  return env === 'dev' ? row.dev_version : row.public_version;
}

/** The settings of the version `env` points to; 404 'componentWrongEnvironment' when unset. */
export async function envSettings(db: Db, row: ComponentRow, env: RecordEnv): Promise<ComponentSettings> {
  const settings = await envSettingsOrNull(db, row, env);
  if (!settings) throw new HttpError(404, COMPONENT_MESSAGE.componentWrongEnvironment);
  return settings;
}

export async function envSettingsOrNull(db: Db, row: ComponentRow, env: RecordEnv): Promise<ComponentSettings | null> {
  const name = envVersionOf(row, env);
  if (name === null) return null;
  const version = await findVersion(db, row.uuid, name);
  return version ? (version.settings as ComponentSettings) : null;
}
