// Releases (docs/forge.md "Releases"): a bundle's files put into storage, then its row with the next
// number of its owner (a forge app, or a component's template distribution). Files go first and the
// row after; a failure on the way removes what was put, so a release row always has its files.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { FORGE_FILE_TYPES, FORGE_LIMITS, FORGE_MESSAGE, type ForgeFile, type ForgeRelease } from '../../../runtime/api/forge';
import type { Database } from '../db/schema';
import type { ForgeReleaseRow } from '../db/schema-forge';
import { toJson } from '../db/json';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import type { Config } from '../platform/config';
import { HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { lockProject } from '../iam/members-sql';
import { bundleError, extensionOf, safeBundlePath, type Bundle, type BundleEntry } from './bundle';
import { forgeDriver, releaseKey, releasePrefix } from './storage';

type Db = Kysely<Database>;

export interface ReleaseOwner {
  projectUuid: string;
  kind: 'app' | 'component';
  uuid: string;
  userUuid: string | null;
}

export const releaseNotFound = () => new HttpError(404, FORGE_MESSAGE.releaseNotFound);

const iso = (value: Date | string) => new Date(value).toISOString();

export function shapeRelease(row: ForgeReleaseRow): ForgeRelease {
  return { uuid: row.uuid, number: row.number, size: Number(row.size), files: row.files, created_at: iso(row.created_at) };
}

export const contentTypeOf = (path: string): string => FORGE_FILE_TYPES[extensionOf(path)] ?? 'application/octet-stream';

/** Puts a bundle's files and records the release; the next number of its owner. */
export async function storeRelease(db: Db, config: Pick<Config, 'dataDir'>, owner: ReleaseOwner, bundle: Pick<Bundle, 'entries' | 'size'>): Promise<ForgeReleaseRow> {
  const driver = forgeDriver(config);
  const uuid = uuidv7();
  const files: ForgeFile[] = [];
  try {
    for (const entry of bundle.entries) {
      const stored = await driver.put(releaseKey(owner.projectUuid, uuid, entry.path), await entry.open(), { contentType: contentTypeOf(entry.path) });
      files.push({ path: entry.path, size: stored.size });
    }
    files.sort((a, b) => a.path.localeCompare(b.path));
    return await db.transaction().execute(async (trx) => {
      await lockProject(trx, owner.projectUuid);
      const last = await trx.selectFrom('forge_releases').select((eb) => eb.fn.max('number').as('number')).where('owner_kind', '=', owner.kind).where('owner_uuid', '=', owner.uuid).executeTakeFirst();
      const number = Number(last?.number ?? 0) + 1;
      const size = files.reduce((sum, file) => sum + file.size, 0);
      return trx
        .insertInto('forge_releases')
        .values({ uuid, project_uuid: owner.projectUuid, owner_kind: owner.kind, owner_uuid: owner.uuid, number, size, files: toJson(files), created_by: owner.userUuid, created_at: nowDate() })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    await driver.deletePrefix(releasePrefix(owner.projectUuid, uuid)).catch(() => undefined);
    // A stream that inflated past its declared size (a lying zip) is yauzl's error: the bundle's fault.
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /too many bytes|expected \d+ bytes|invalid|unexpected/i.test(error.message)) throw bundleError(FORGE_MESSAGE.bundleNotZip);
    throw error;
  }
}

/** Text files sent by the component editor ({path: text}) as a bundle, judged like a zip's entries. */
export function bundleOfTexts(value: unknown): Pick<Bundle, 'entries' | 'size'> {
  if (!isPlainObject(value)) throw bundleError(FORGE_MESSAGE.bundleEmpty);
  const entries: BundleEntry[] = [];
  let size = 0;
  const names = Object.keys(value);
  if (names.length === 0) throw bundleError(FORGE_MESSAGE.bundleEmpty);
  if (names.length > FORGE_LIMITS.entries) throw bundleError(FORGE_MESSAGE.bundleTooManyFiles);
  for (const name of names) {
    const text = value[name];
    const path = safeBundlePath(name);
    if (path === null) throw bundleError(FORGE_MESSAGE.bundleUnsafePath, name);
    if (!Object.prototype.hasOwnProperty.call(FORGE_FILE_TYPES, extensionOf(path))) throw bundleError(FORGE_MESSAGE.bundleFileType, path);
    if (typeof text !== 'string') throw bundleError(FORGE_MESSAGE.bundleFileType, path);
    const bytes = Buffer.from(text, 'utf8');
    size += bytes.length;
    if (size > FORGE_LIMITS.editorBytes) throw bundleError(FORGE_MESSAGE.bundleTooLarge);
    entries.push({ path, size: bytes.length, open: async () => Readable.from([bytes]) });
  }
  return { entries, size };
}

export async function findRelease(db: Db, projectUuid: string, owner: { kind: 'app' | 'component'; uuid: string }, id: unknown): Promise<ForgeReleaseRow> {
  if (typeof id !== 'string' || !isUuid(id)) throw releaseNotFound();
  const row = await db
    .selectFrom('forge_releases')
    .selectAll()
    .where('project_uuid', '=', projectUuid)
    .where('owner_kind', '=', owner.kind)
    .where('owner_uuid', '=', owner.uuid)
    .where('uuid', '=', id.toLowerCase())
    .executeTakeFirst();
  if (!row) throw releaseNotFound();
  return row;
}

export function releasesOf(db: Db, kind: 'app' | 'component', ownerUuids: string[]): Promise<ForgeReleaseRow[]> {
  if (ownerUuids.length === 0) return Promise.resolve([]);
  return db.selectFrom('forge_releases').selectAll().where('owner_kind', '=', kind).where('owner_uuid', 'in', ownerUuids).orderBy('number', 'desc').execute();
}

/** Removes the releases of owners (their rows and files). */
export async function removeReleases(db: Db, config: Pick<Config, 'dataDir'>, projectUuid: string, rows: ForgeReleaseRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.deleteFrom('forge_releases').where('uuid', 'in', rows.map((row) => row.uuid)).execute();
  const driver = forgeDriver(config);
  for (const row of rows) await driver.deletePrefix(releasePrefix(projectUuid, row.uuid)).catch(() => undefined);
}
