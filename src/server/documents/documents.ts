// Documents with variants (docs/documents.md): create, read, save a new version of a variant, delete
// softly, list a variant's versions and restore an earlier one. Every save inserts a version row and
// never changes one, so nothing is lost: a save names the version it started from and is refused with
// 409 documentChanged when that is no longer the latest (two editors never overwrite each other silently).
import type { Kysely } from 'kysely';
import { DOCUMENT_COMMENTS_PER_VARIANT, DOCUMENT_MESSAGE, type DocumentComment, type DocumentVariant, type DocumentVersionSummary, type LumaDocument } from '../../../runtime/api/documents';
import { documentTextLength } from '../../../runtime/documents/content';
import { documentName, documentParent } from '../../../runtime/documents/paths';
import { nowDate } from '../platform/clock';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import type { DocumentCommentRow, DocumentRow, DocumentVersionRow } from '../db/schema-documents';
import { uuidv7 } from '../db/uuid7';
import { HttpError } from '../platform/errors';
import { bodyObject } from '../components/input';
import {
  checkContent,
  checkCount,
  checkFields,
  checkPath,
  checkSources,
  checkVariant,
  documentLibrary,
  documentNotFound,
  invalidField,
} from './access';
import type { Accountability } from '../auth/tenancy';
import { isUniqueViolation } from '../auth/users';

type Db = Kysely<Database>;

/** More variants than this in one document is refused (each is a series of versions). */
export const DOCUMENT_VARIANTS_MAX = 50;

const iso = (value: Date | string) => new Date(value).toISOString();
const documentExists = () => new HttpError(409, DOCUMENT_MESSAGE.exists, [{ field: 'path', messages: [DOCUMENT_MESSAGE.exists] }]);

/** A comment row with its author's name or email (users joined on created_by). */
export type CommentWithAuthor = DocumentCommentRow & { author_name: string | null; author_email: string | null };

/** The comments of a document, each with its author, oldest first (callers add conditions on `c.`). */
export function commentsQuery(db: Db, documentUuid: string) {
  return db
    .selectFrom('document_comments as c')
    .leftJoin('users as u', 'u.uuid', 'c.created_by')
    .selectAll('c')
    .select(['u.name as author_name', 'u.email as author_email'])
    .where('c.document_uuid', '=', documentUuid)
    .orderBy('c.created_at')
    .orderBy('c.uuid');
}

export function commentAnswer(row: CommentWithAuthor): DocumentComment {
  return {
    uuid: row.uuid,
    variant: row.variant,
    version: row.version,
    from: row.range_from,
    to: row.range_to,
    content: row.content,
    created_by: row.created_by,
    created_by_name: row.author_name ? row.author_name : (row.author_email ?? null),
    created_at: iso(row.created_at),
  };
}

/** The live document at path in the library (404 otherwise); locked for the transaction when asked. */
export async function liveDocument(db: Db, libraryUuid: string, path: string, forUpdate = false): Promise<DocumentRow> {
  let query = db.selectFrom('documents').selectAll().where('library_uuid', '=', libraryUuid).where('path', '=', path).where('deleted_at', 'is', null);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw documentNotFound();
  return row;
}

async function latestVersions(db: Db, documentUuid: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('document_versions')
    .select(['variant', (eb) => eb.fn.max('version').as('latest')])
    .where('document_uuid', '=', documentUuid)
    .groupBy('variant')
    .execute();
  return new Map(rows.map((row) => [row.variant, Number(row.latest)]));
}

/** The document with each variant at its latest version, or `pick.variant` at `pick.version`. */
export async function documentAnswer(db: Db, row: DocumentRow, pick?: { variant: string; version: number }): Promise<LumaDocument> {
  const latest = await latestVersions(db, row.uuid);
  if (pick && (!latest.has(pick.variant) || pick.version > latest.get(pick.variant)!)) {
    throw new HttpError(404, latest.has(pick.variant) ? DOCUMENT_MESSAGE.versionNotFound : DOCUMENT_MESSAGE.variantNotFound);
  }
  const wanted = [...latest].map(([variant, version]) => ({ variant, version: pick && pick.variant === variant ? pick.version : version }));
  const versions: DocumentVersionRow[] =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('document_versions')
          .selectAll()
          .where('document_uuid', '=', row.uuid)
          .where((eb) => eb.or(wanted.map((one) => eb.and([eb('variant', '=', one.variant), eb('version', '=', one.version)]))))
          .execute();
  if (pick && !versions.some((version) => version.variant === pick.variant)) throw new HttpError(404, DOCUMENT_MESSAGE.versionNotFound);
  const comments = await commentsQuery(db, row.uuid).execute();
  const commentsOf = new Map<string, DocumentComment[]>();
  for (const comment of comments) {
    const list = commentsOf.get(comment.variant) ?? [];
    if (list.length < DOCUMENT_COMMENTS_PER_VARIANT) list.push(commentAnswer(comment));
    commentsOf.set(comment.variant, list);
  }
  const variants: DocumentVariant[] = versions
    .sort((a, b) => (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0))
    .map((version) => ({
      name: version.variant,
      version: version.version,
      latest_version: latest.get(version.variant)!,
      content: version.content,
      sources: version.sources,
      fields: version.fields,
      restored_from: version.restored_from,
      created_by: version.created_by,
      created_at: iso(version.created_at),
      comments: commentsOf.get(version.variant) ?? [],
    }));
  return {
    uuid: row.uuid,
    library_uuid: row.library_uuid,
    path: row.path,
    name: row.name,
    parent: row.parent,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: row.deleted_at === null ? null : iso(row.deleted_at),
    variants,
  };
}

interface VersionInput {
  content?: unknown[];
  sources?: unknown[];
  fields?: Record<string, unknown>;
}

function versionInput(input: Record<string, unknown>): VersionInput {
  const out: VersionInput = {};
  if (input.content !== undefined) out.content = checkContent(input.content);
  if (input.sources !== undefined) out.sources = checkSources(input.sources);
  if (input.fields !== undefined) out.fields = checkFields(input.fields);
  return out;
}

/** POST /document: a new document at path (409 documentExists when a live one has it), with an optional first variant. */
export async function createDocument(db: Db, accountability: Accountability, lib: string, body: unknown): Promise<LumaDocument> {
  const library = await documentLibrary(db, accountability, lib);
  const input = bodyObject(body);
  const path = checkPath(input.path);
  const variant = input.variant === undefined ? null : checkVariant(input.variant);
  const first = versionInput(input);
  if (variant === null && Object.keys(first).length > 0) throw invalidField('variant', 'identityField.requiredField');
  const at = nowDate();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('documents').select('uuid').where('library_uuid', '=', library.uuid).where('path', '=', path).where('deleted_at', 'is', null).executeTakeFirst();
      if (taken) throw documentExists();
      const created = await trx
        .insertInto('documents')
        .values({ uuid: uuidv7(), library_uuid: library.uuid, path, parent: documentParent(path), name: documentName(path), created_by: accountability.user.uuid, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (variant !== null) {
        await trx
          .insertInto('document_versions')
          .values({
            document_uuid: created.uuid,
            variant,
            version: 1,
            content: toJson(first.content ?? []),
            sources: toJson(first.sources ?? []),
            fields: toJson(first.fields ?? {}),
            created_by: accountability.user.uuid,
            created_at: at,
          })
          .execute();
      }
      return created;
    });
    return documentAnswer(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw documentExists();
    throw error;
  }
}

/** GET /document/{path}: the document; ?variant=&version= shows that variant at an earlier version. */
export async function getDocument(db: Db, accountability: Accountability, lib: string, rawPath: string, query: { variant?: string; version?: string }): Promise<LumaDocument> {
  const library = await documentLibrary(db, accountability, lib);
  const path = checkPath(rawPath);
  let pick: { variant: string; version: number } | undefined;
  if (query.version !== undefined || query.variant !== undefined) {
    const variant = checkVariant(query.variant);
    const version = query.version === undefined ? NaN : Number(query.version);
    if (!/^[1-9]\d{0,9}$/.test(query.version ?? '') || !Number.isSafeInteger(version)) throw invalidField('version', 'invalidInput');
    pick = { variant, version };
  }
  return documentAnswer(db, await liveDocument(db, library.uuid, path), pick);
}

/**
 * PATCH /document: a new version of a variant. `version` is the version the edit started from (0 for a
 * new variant); when another save came first it is 409 documentChanged with the latest version in the
 * error's values, and nothing is written. Content, sources and fields left out are carried over.
 */
export async function patchDocument(db: Db, accountability: Accountability, lib: string, body: unknown): Promise<LumaDocument> {
  const library = await documentLibrary(db, accountability, lib);
  const input = bodyObject(body);
  const path = checkPath(input.path);
  const variant = checkVariant(input.variant);
  const base = checkCount(input.version, 'version', 'invalidInput');
  const changes = versionInput(input);
  const row = await db.transaction().execute(async (trx) => {
    // The document row's lock orders concurrent saves: the second one sees the first one's version.
    const document = await liveDocument(trx, library.uuid, path, true);
    const latest = await latestVersions(trx, document.uuid);
    const current = latest.get(variant) ?? 0;
    if (current !== base) throw new HttpError(409, DOCUMENT_MESSAGE.changed, [{ field: 'version', messages: [DOCUMENT_MESSAGE.changed], values: [{ latest: current }] }]);
    if (current === 0 && latest.size >= DOCUMENT_VARIANTS_MAX) throw invalidField('variant', 'cantBeMoreThenChars', { max: DOCUMENT_VARIANTS_MAX });
    const previous =
      current === 0
        ? null
        : await trx.selectFrom('document_versions').selectAll().where('document_uuid', '=', document.uuid).where('variant', '=', variant).where('version', '=', current).executeTakeFirstOrThrow();
    const at = nowDate();
    await trx
      .insertInto('document_versions')
      .values({
        document_uuid: document.uuid,
        variant,
        version: current + 1,
        content: toJson(changes.content ?? previous?.content ?? []),
        sources: toJson(changes.sources ?? previous?.sources ?? []),
        fields: toJson(changes.fields ?? previous?.fields ?? {}),
        created_by: accountability.user.uuid,
        created_at: at,
      })
      .execute();
    return trx.updateTable('documents').set({ updated_at: at }).where('uuid', '=', document.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return documentAnswer(db, row);
}

/** DELETE /document/{path}: a soft delete (the document shows under /list/__deleted__ and can be restored). */
export async function deleteDocument(db: Db, accountability: Accountability, lib: string, rawPath: string): Promise<Record<string, never>> {
  const library = await documentLibrary(db, accountability, lib);
  const path = checkPath(rawPath);
  const at = nowDate();
  const result = await db
    .updateTable('documents')
    .set({ deleted_at: at, deleted_by: accountability.user.uuid, updated_at: at })
    .where('library_uuid', '=', library.uuid)
    .where('path', '=', path)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw documentNotFound();
  return {};
}

/** GET /versions/{path}?variant=: every version of the variant, newest first. */
export async function documentVersions(db: Db, accountability: Accountability, lib: string, rawPath: string, query: { variant?: string }): Promise<DocumentVersionSummary[]> {
  const library = await documentLibrary(db, accountability, lib);
  const path = checkPath(rawPath);
  const variant = checkVariant(query.variant);
  const document = await liveDocument(db, library.uuid, path);
  const rows = await db
    .selectFrom('document_versions')
    .select(['version', 'created_at', 'created_by', 'restored_from', 'content'])
    .where('document_uuid', '=', document.uuid)
    .where('variant', '=', variant)
    .orderBy('version', 'desc')
    .execute();
  if (rows.length === 0) throw new HttpError(404, DOCUMENT_MESSAGE.variantNotFound);
  return rows.map((row) => ({ version: row.version, created_at: iso(row.created_at), created_by: row.created_by, restored_from: row.restored_from, text_length: documentTextLength(row.content) }));
}

/** POST /version/restore: a new latest version equal to an earlier one (nothing in between is lost). */
export async function restoreVersion(db: Db, accountability: Accountability, lib: string, body: unknown): Promise<LumaDocument> {
  const library = await documentLibrary(db, accountability, lib);
  const input = bodyObject(body);
  const path = checkPath(input.path);
  const variant = checkVariant(input.variant);
  const version = checkCount(input.version, 'version', 'invalidInput', false);
  const row = await db.transaction().execute(async (trx) => {
    const document = await liveDocument(trx, library.uuid, path, true);
    const latest = (await latestVersions(trx, document.uuid)).get(variant);
    if (latest === undefined) throw new HttpError(404, DOCUMENT_MESSAGE.variantNotFound);
    const source = await trx.selectFrom('document_versions').selectAll().where('document_uuid', '=', document.uuid).where('variant', '=', variant).where('version', '=', version).executeTakeFirst();
    if (!source) throw new HttpError(404, DOCUMENT_MESSAGE.versionNotFound);
    const at = nowDate();
    await trx
      .insertInto('document_versions')
      .values({
        document_uuid: document.uuid,
        variant,
        version: latest + 1,
        content: toJson(source.content),
        sources: toJson(source.sources),
        fields: toJson(source.fields),
        restored_from: source.version,
        created_by: accountability.user.uuid,
        created_at: at,
      })
      .execute();
    return trx.updateTable('documents').set({ updated_at: at }).where('uuid', '=', document.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return documentAnswer(db, row);
}
