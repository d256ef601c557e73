// Comments on a variant of a document (docs/documents.md "Comments"): a plain-text note on a range
// of characters (from <= to, within the variant's text at its latest version). Kept with the
// document; listed per variant; removed by their author or an admin.
import type { Kysely } from 'kysely';
import { DOCUMENT_COMMENTS_PER_VARIANT, DOCUMENT_MESSAGE, type DocumentComment } from '../../../runtime/api/documents';
import { documentTextLength } from '../../../runtime/documents/content';
import { nowDate } from '../platform/clock';
import type { Database } from '../db/schema';
import { uuidv7 } from '../db/uuid7';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { checkCommentText, checkCount, checkPath, checkVariant, documentLibrary, invalidField } from './access';
import { commentAnswer, commentsQuery, liveDocument } from './documents';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const commentNotFound = () => new HttpError(404, DOCUMENT_MESSAGE.commentNotFound);

/** POST /document/comment {path, variant, content, from, to} */
export async function addComment(db: Db, accountability: Accountability, lib: string, body: unknown): Promise<DocumentComment> {
  const library = await documentLibrary(db, accountability, lib);
  const input = bodyObject(body);
  const path = checkPath(input.path);
  const variant = checkVariant(input.variant);
  const content = checkCommentText(input.content);
  const from = checkCount(input.from, 'from', DOCUMENT_MESSAGE.invalidRange);
  const to = checkCount(input.to, 'to', DOCUMENT_MESSAGE.invalidRange);
  if (from > to) throw invalidField('to', DOCUMENT_MESSAGE.invalidRange);
  const row = await db.transaction().execute(async (trx) => {
    const document = await liveDocument(trx, library.uuid, path, true);
    const latest = await trx
      .selectFrom('document_versions')
      .select(['version', 'content'])
      .where('document_uuid', '=', document.uuid)
      .where('variant', '=', variant)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) throw new HttpError(404, DOCUMENT_MESSAGE.variantNotFound);
    const length = documentTextLength(latest.content);
    if (to > length) throw invalidField('to', DOCUMENT_MESSAGE.invalidRange, { max: length });
    const { n } = await trx
      .selectFrom('document_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document_uuid', '=', document.uuid)
      .where('variant', '=', variant)
      .executeTakeFirstOrThrow();
    if (Number(n) >= DOCUMENT_COMMENTS_PER_VARIANT) throw new HttpError(409, DOCUMENT_MESSAGE.commentLimit);
    // The author is the session's user: a body naming another (created_by) is refused by the route's schema.
    const uuid = uuidv7();
    await trx
      .insertInto('document_comments')
      .values({ uuid, document_uuid: document.uuid, variant, version: latest.version, range_from: from, range_to: to, content, created_by: accountability.user.uuid, created_at: nowDate() })
      .execute();
    return commentsQuery(trx, document.uuid).where('c.uuid', '=', uuid).executeTakeFirstOrThrow();
  });
  return commentAnswer(row);
}

/** GET /comments/{path}?variant=: the comments of a document (of one variant when asked), oldest first. */
export async function listComments(db: Db, accountability: Accountability, lib: string, rawPath: string, query: { variant?: string }): Promise<DocumentComment[]> {
  const library = await documentLibrary(db, accountability, lib);
  const path = checkPath(rawPath);
  const variant = query.variant === undefined ? null : checkVariant(query.variant);
  const document = await liveDocument(db, library.uuid, path);
  let rows = commentsQuery(db, document.uuid);
  if (variant !== null) rows = rows.where('c.variant', '=', variant);
  return (await rows.execute()).map(commentAnswer);
}

/** DELETE /comment/{uuid}: by its author or an admin; a comment of another library or project is 404. */
export async function deleteComment(db: Db, accountability: Accountability, lib: string, uuid: string): Promise<Record<string, never>> {
  const library = await documentLibrary(db, accountability, lib);
  if (!isUuid(uuid)) throw commentNotFound();
  const comment = await db
    .selectFrom('document_comments')
    .innerJoin('documents', 'documents.uuid', 'document_comments.document_uuid')
    .select(['document_comments.uuid', 'document_comments.created_by'])
    .where('document_comments.uuid', '=', uuid.toLowerCase())
    .where('documents.library_uuid', '=', library.uuid)
    .where('documents.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!comment) throw commentNotFound();
  if (!accountability.is_admin && comment.created_by !== accountability.user.uuid) throw new HttpError(403, DOCUMENT_MESSAGE.noPermissions);
  await db.deleteFrom('document_comments').where('uuid', '=', comment.uuid).execute();
  return {};
}
