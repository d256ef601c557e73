// Listing documents like a directory tree (docs/documents.md "Listing"): the documents directly in a
// directory and its sub-directories (directories are implied by the paths, there are no rows for
// them), or with recursive every document below it; searchText keeps the names that contain it (case
// insensitive). Deleted documents list apart and come back at a new path.
import { sql, type Kysely } from 'kysely';
import { DOCUMENT_LIST_LIMIT, DOCUMENT_MESSAGE, DOCUMENT_SEARCH_MAX, type DeletedDocument, type DocumentList, type DocumentListItem, type LumaDocument } from '../../../runtime/api/documents';
import { documentName, documentParent, normaliseDocumentDir } from '../../../runtime/documents/paths';
import { nowDate } from '../platform/clock';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { checkPath, documentLibrary, documentNotFound, invalidField } from './access';
import { documentAnswer } from './documents';
import type { Accountability } from '../auth/tenancy';
import { isUniqueViolation } from '../auth/users';

type Db = Kysely<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

function searchOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > DOCUMENT_SEARCH_MAX) throw invalidField('searchText', 'cantBeMoreThenChars', { max: DOCUMENT_SEARCH_MAX });
  return value.trim().toLowerCase();
}

/** GET /list?path=&searchText=&recursive= */
export async function listDocuments(db: Db, accountability: Accountability, lib: string, query: { path?: string; searchText?: string; recursive?: string }): Promise<DocumentList> {
  const library = await documentLibrary(db, accountability, lib);
  const dir = normaliseDocumentDir(query.path);
  if (dir === null) throw invalidField('path', DOCUMENT_MESSAGE.invalidPath);
  const search = searchOf(query.searchText);
  const recursive = query.recursive === 'true' || query.recursive === '1';
  const prefix = dir === '' ? '' : `${dir}/`;

  let documents = db
    .selectFrom('documents')
    .select(['uuid', 'path', 'name', 'updated_at'])
    .where('library_uuid', '=', library.uuid)
    .where('deleted_at', 'is', null);
  if (recursive) {
    if (prefix !== '') documents = documents.where(sql<boolean>`starts_with(path, ${prefix})`);
  } else {
    documents = documents.where('parent', '=', dir);
  }
  if (search !== '') documents = documents.where(sql<boolean>`strpos(lower(name), ${search}) > 0`);
  const rows = await documents.orderBy('path').limit(DOCUMENT_LIST_LIMIT + 1).execute();
  let truncated = rows.length > DOCUMENT_LIST_LIMIT;
  const kept = rows.slice(0, DOCUMENT_LIST_LIMIT);

  const variants = new Map<string, string[]>();
  if (kept.length > 0) {
    const names = await db
      .selectFrom('document_versions')
      .select(['document_uuid', 'variant'])
      .distinct()
      .where(
        'document_uuid',
        'in',
        kept.map((row) => row.uuid),
      )
      .orderBy('document_uuid')
      .orderBy('variant')
      .execute();
    for (const { document_uuid, variant } of names) variants.set(document_uuid, [...(variants.get(document_uuid) ?? []), variant]);
  }

  const items: DocumentListItem[] = [];
  if (!recursive) {
    // The sub-directories: the first segment below the prefix of every deeper live document.
    const dirs = await db
      .selectFrom('documents')
      .select(sql<string>`split_part(substr(path, ${prefix.length + 1}), '/', 1)`.as('segment'))
      .distinct()
      .where('library_uuid', '=', library.uuid)
      .where('deleted_at', 'is', null)
      .where('parent', '<>', dir)
      .where(sql<boolean>`starts_with(path, ${prefix})`)
      .orderBy('segment')
      .limit(DOCUMENT_LIST_LIMIT + 1)
      .execute();
    if (dirs.length > DOCUMENT_LIST_LIMIT) truncated = true;
    for (const { segment } of dirs.slice(0, DOCUMENT_LIST_LIMIT)) {
      if (search !== '' && !segment.toLowerCase().includes(search)) continue;
      items.push({ type: 'dir', path: `${prefix}${segment}`, name: segment, uuid: null, updated_at: null, variants: [] });
    }
  }
  for (const row of kept) items.push({ type: 'document', path: row.path, name: row.name, uuid: row.uuid, updated_at: iso(row.updated_at), variants: variants.get(row.uuid) ?? [] });
  return { path: dir, items, truncated };
}

/** GET /list/__deleted__: deleted documents, the last deleted first. */
export async function listDeleted(db: Db, accountability: Accountability, lib: string, query: { searchText?: string }): Promise<DeletedDocument[]> {
  const library = await documentLibrary(db, accountability, lib);
  const search = searchOf(query.searchText);
  let rows = db
    .selectFrom('documents')
    .select(['uuid', 'path', 'name', 'created_at', 'deleted_at', 'deleted_by'])
    .where('library_uuid', '=', library.uuid)
    .where('deleted_at', 'is not', null);
  if (search !== '') rows = rows.where(sql<boolean>`strpos(lower(path), ${search}) > 0`);
  const found = await rows.orderBy('deleted_at', 'desc').orderBy('uuid', 'desc').limit(DOCUMENT_LIST_LIMIT).execute();
  return found.map((row) => ({ uuid: row.uuid, path: row.path, name: row.name, created_at: iso(row.created_at), deleted_at: iso(row.deleted_at!), deleted_by: row.deleted_by }));
}

/**
 * POST /restore {path, newPath?, uuid?}: a deleted document (the one with uuid, or the last deleted at
 * path) comes back at newPath (default: path) with every variant, version and comment; 409
 * documentExists when a live document has that path.
 */
export async function restoreDocument(db: Db, accountability: Accountability, lib: string, body: unknown): Promise<LumaDocument> {
  const library = await documentLibrary(db, accountability, lib);
  const input = bodyObject(body);
  const path = checkPath(input.path);
  const target = input.newPath === undefined || input.newPath === null || input.newPath === '' ? path : checkPath(input.newPath, 'newPath');
  if (input.uuid !== undefined && !isUuid(input.uuid)) throw invalidField('uuid', 'invalidInput');
  const exists = () => new HttpError(409, DOCUMENT_MESSAGE.exists, [{ field: 'newPath', messages: [DOCUMENT_MESSAGE.exists] }]);
  try {
    const row = await db.transaction().execute(async (trx) => {
      let deleted = trx.selectFrom('documents').selectAll().where('library_uuid', '=', library.uuid).where('path', '=', path).where('deleted_at', 'is not', null);
      if (typeof input.uuid === 'string') deleted = deleted.where('uuid', '=', input.uuid.toLowerCase());
      const found = await deleted.orderBy('deleted_at', 'desc').orderBy('uuid', 'desc').limit(1).forUpdate().executeTakeFirst();
      if (!found) throw documentNotFound();
      const taken = await trx.selectFrom('documents').select('uuid').where('library_uuid', '=', library.uuid).where('path', '=', target).where('deleted_at', 'is', null).executeTakeFirst();
      if (taken) throw exists();
      return trx
        .updateTable('documents')
        .set({ path: target, parent: documentParent(target), name: documentName(target), deleted_at: null, deleted_by: null, updated_at: nowDate() })
        .where('uuid', '=', found.uuid)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return documentAnswer(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}
