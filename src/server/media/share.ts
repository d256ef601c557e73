// Share links (docs/media.md "Share links"): each link handed out is a row of media_shares, bound to the
// file's row (its uuid; the row goes with the file), so a link can be listed, revoked, and never
// answers a new file uploaded later at the same key. The link is
// /media/library/{library}/get/{key}?share={uuid}&expires={unix seconds}&signature={HMAC-SHA256},
// signed with a key of the project kept in the database (media_signing_keys, sealed like every secret
// at rest: docs/security.md "Secrets at rest"), so every instance signs and checks with the same one;
// rotating that key invalidates every link of the project at once.
// A link lives at most LUMA_SHARE_MAX_DAYS. Shared as a link (the answer) or by e-mail.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MEDIA_MESSAGE, mediaFileUrl } from '../../../runtime/api/media';
import type { ShareLink, ShareLinkList } from '../../../runtime/api/media-shares';
import { latestShareDate, MEDIA_RULE_MESSAGE, splitEmails, validateShareDate } from '../../../runtime/media/rules';
import type { FieldError } from '../../../runtime/api/contract';
import { nowDate } from '../platform/clock';
import { open, seal } from '../platform/secret-box';
import { toJson } from '../db/json';
import { clockNow } from '../db/now';
import type { Database } from '../db/schema';
import type { MediaShareRow } from '../db/schema-media';
import { fieldsNotValid, HttpError } from '../platform/errors';
import { isEmail, isPlainObject, isUuid } from '../platform/validate';
import { publicLink, type Mailer } from '../platform/mail';
import { libraryForCall, mediaAdminProject } from './access';
import type { MediaContext } from './files';
import { keyOf } from './rows';
import { findFile } from './tree';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const MAX_EMAILS = 50;

/** A new signing key, sealed for storing. */
function newSealedKey(): string {
  return seal(randomBytes(32).toString('base64url'), 'share-key');
}

/** The project's signing key, made on first use (two instances racing agree on the first one written). */
export async function signingKey(db: Db, projectUuid: string): Promise<Buffer> {
  const existing = await db.selectFrom('media_signing_keys').select('secret').where('project_uuid', '=', projectUuid).executeTakeFirst();
  if (existing) return Buffer.from(open(existing.secret, 'share-key'), 'base64url');
  await db
    .insertInto('media_signing_keys')
    .values({ project_uuid: projectUuid, secret: newSealedKey() })
    .onConflict((conflict) => conflict.column('project_uuid').doNothing())
    .execute();
  const row = await db.selectFrom('media_signing_keys').select('secret').where('project_uuid', '=', projectUuid).executeTakeFirstOrThrow();
  return Buffer.from(open(row.secret, 'share-key'), 'base64url');
}

function mac(secret: Buffer, share: string, libraryUuid: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${share}\n${libraryUuid}\n${key}\n${expires}`).digest('base64url');
}

export interface NewShare {
  projectUuid: string;
  libraryUuid: string;
  file: { uuid: string; key: string };
  until: Date;
  type?: 'link' | 'email';
  emails?: string[];
  createdBy: string | null;
}

/** Writes the link's row and answers its signed path (relative to the site root). */
export async function createShareLink(db: Db, share: NewShare): Promise<string> {
  const uuid = randomUUID();
  const expires = Math.floor(share.until.getTime() / 1000);
  const secret = await signingKey(db, share.projectUuid);
  await db
    .insertInto('media_shares')
    .values({
      uuid,
      project_uuid: share.projectUuid,
      library_uuid: share.libraryUuid,
      file_uuid: share.file.uuid,
      key: share.file.key,
      type: share.type ?? 'link',
      emails: toJson(share.emails ?? []),
      expires_at: new Date(expires * 1000),
      created_by: share.createdBy,
      created_at: nowDate(),
    })
    .execute();
  const signature = mac(secret, uuid, share.libraryUuid, share.file.key, expires);
  return `${mediaFileUrl(share.libraryUuid, share.file.key)}?share=${uuid}&expires=${expires}&signature=${signature}`;
}

/**
 * What a link's query says of a file. invalid: not signed by the project's current key for this
 * share, library, key and expiry (403); expired: past its expiry (410 shareExpired); revoked: revoked
 * or its key rotated (410 shareExpired); gone: its file was deleted (404 fileNotFound); valid: the
 * share row (whose file_uuid the served file must have). The signature is judged first, so nothing
 * is told to a forgery.
 */
export type LinkVerdict = { verdict: 'valid'; share: MediaShareRow } | { verdict: 'invalid' | 'expired' | 'revoked' | 'gone' };

export interface LinkQuery {
  share?: unknown;
  expires?: unknown;
  signature?: unknown;
}

export async function verifyLink(db: Db, projectUuid: string, libraryUuid: string, key: string, query: LinkQuery): Promise<LinkVerdict> {
  const { share, expires, signature } = query;
  if (!isUuid(share) || typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return { verdict: 'invalid' };
  const uuid = share.toLowerCase();
  const expected = Buffer.from(mac(await signingKey(db, projectUuid), uuid, libraryUuid, key, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { verdict: 'invalid' };
  if (Number(expires) * 1000 <= nowDate().getTime()) return { verdict: 'expired' };
  const row = await db.selectFrom('media_shares').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) return { verdict: 'gone' };
  if (row.project_uuid !== projectUuid || row.library_uuid !== libraryUuid || row.key !== key || new Date(row.expires_at).getTime() !== Number(expires) * 1000) return { verdict: 'invalid' };
  if (row.revoked_at !== null) return { verdict: 'revoked' };
  return { verdict: 'valid', share: row };
}

export interface ShareContext extends MediaContext {
  mailer: Mailer;
}

function emailsOf(type: unknown, raw: unknown, errors: FieldError[]): string[] {
  if (type !== 'email') return [];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? splitEmails(raw) : null;
  const emails = (list ?? []).map((email) => (typeof email === 'string' ? email.trim() : ''));
  if (emails.length === 0) errors.push({ field: 'emails', messages: [MEDIA_RULE_MESSAGE.required], values: [null] });
  else if (emails.length > MAX_EMAILS || emails.some((email) => !isEmail(email))) errors.push({ field: 'emails', messages: [MEDIA_RULE_MESSAGE.invalidEmail], values: [null] });
  return [...new Set(emails)];
}

/**
 * POST /v1/media/library/{libraryUuid}/share: the signed URL of a file (absolute, from
 * LUMA_PUBLIC_URL), valid until body.date (not in the past, on a 5-minute step, at most
 * LUMA_SHARE_MAX_DAYS ahead). type 'email' also mails it to each address. Sharing hands the file to
 * whoever holds the link, so it needs 'download luma-media'.
 */
export async function shareFile(context: ShareContext, accountability: Accountability, libraryUuid: string, body: unknown): Promise<{ data: string }> {
  const library = await libraryForCall(context.db, accountability, libraryUuid, 'download');
  const input = (isPlainObject(body) ? body : {}) as { key?: unknown; date?: unknown; type?: unknown; emails?: unknown };
  const key = keyOf(input.key);
  const errors: FieldError[] = validateShareDate(input.date, nowDate(), 'date', context.config.shareMaxDays);
  const type = input.type === 'email' ? 'email' : 'link';
  const emails = emailsOf(input.type ?? 'link', input.emails, errors);
  if (errors.length > 0) throw fieldsNotValid(errors);
  const file = await findFile(context, library, key);
  const until = new Date(input.date as string);
  const path = await createShareLink(context.db, { projectUuid: library.project_uuid, libraryUuid: library.uuid, file, until, type, emails, createdBy: accountability.user.uuid });
  const url = publicLink(context.config, path);
  for (const to of emails) {
    await context.mailer.send({
      to,
      subject: `${accountability.user.name} shared ${file.name} with you`,
      text: `${accountability.user.name} shared the file ${file.name} with you. The link works until ${until.toISOString()}:\n\n${url}\n`,
    });
  }
  return { data: url };
}

const shareNotFound = () => new HttpError(404, MEDIA_MESSAGE.shareNotFound);

/**
 * GET /v1/media/library/{libraryUuid}/shares?key=: the file's active links (not revoked, not
 * expired), soonest to end first, and the latest valid-until a new one may have. download luma-media.
 */
export async function listShares(context: MediaContext, accountability: Accountability, libraryUuid: string, rawKey: unknown): Promise<ShareLinkList> {
  const library = await libraryForCall(context.db, accountability, libraryUuid, 'download');
  const file = await findFile(context, library, keyOf(rawKey));
  const rows = await context.db
    .selectFrom('media_shares as s')
    .leftJoin('users as u', 'u.uuid', 's.created_by')
    .select(['s.uuid', 's.key', 's.type', 's.emails', 's.expires_at', 's.created_at', 's.created_by', 'u.name as created_by_name', 'u.email as created_by_email'])
    .where('s.file_uuid', '=', file.uuid)
    .where('s.key', '=', file.key)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', clockNow())
    .orderBy('s.expires_at')
    .orderBy('s.uuid')
    .execute();
  const items: ShareLink[] = rows.map((row) => ({
    uuid: row.uuid,
    key: row.key,
    type: row.type,
    emails: Array.isArray(row.emails) ? row.emails : [],
    expires_at: new Date(row.expires_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    created_by: row.created_by,
    created_by_name: row.created_by_name ? row.created_by_name : (row.created_by_email ?? null),
  }));
  return { items, max_days: context.config.shareMaxDays, max_until: latestShareDate(nowDate(), context.config.shareMaxDays).toISOString() };
}

/** DELETE /v1/media/library/{libraryUuid}/shares/{uuid}: the link answers 410 shareExpired from now on, on every instance. */
export async function revokeShare(context: MediaContext, accountability: Accountability, libraryUuid: string, shareUuid: string): Promise<Record<string, never>> {
  const library = await libraryForCall(context.db, accountability, libraryUuid, 'download');
  if (!isUuid(shareUuid)) throw shareNotFound();
  const revoked = await context.db
    .updateTable('media_shares')
    .set({ revoked_at: nowDate(), revoked_by: accountability.user.uuid })
    .where('uuid', '=', shareUuid.toLowerCase())
    .where('library_uuid', '=', library.uuid)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .returning('uuid')
    .executeTakeFirst();
  if (!revoked) throw shareNotFound();
  return {};
}

/**
 * POST /v1/media/shares/rotate (admins): a new signing key for the project. Every link signed with
 * the old one no longer verifies (403), and every active row is marked revoked so no list shows it.
 */
export async function rotateSigningKey(context: MediaContext, accountability: Accountability): Promise<{ revoked: number }> {
  const projectUuid = await mediaAdminProject(context.db, accountability);
  return context.db.transaction().execute(async (trx) => {
    const secret = newSealedKey();
    await trx
      .insertInto('media_signing_keys')
      .values({ project_uuid: projectUuid, secret, rotated_at: nowDate() })
      .onConflict((conflict) => conflict.column('project_uuid').doUpdateSet({ secret, rotated_at: nowDate() }))
      .execute();
    const rows = await trx
      .updateTable('media_shares')
      .set({ revoked_at: nowDate(), revoked_by: accountability.user.uuid })
      .where('project_uuid', '=', projectUuid)
      .where('revoked_at', 'is', null)
      .returning('uuid')
      .execute();
    return { revoked: rows.length };
  });
}

/** Days an ended (expired or revoked) link's row is kept: it answers 410 shareExpired meanwhile. */
export const ENDED_SHARE_DAYS = 7;

/** Housekeeping: the rows of links that ended over ENDED_SHARE_DAYS ago. */
export async function purgeEndedShares(db: Db, at: Date): Promise<void> {
  const before = new Date(at.getTime() - ENDED_SHARE_DAYS * 86_400_000);
  await db
    .deleteFrom('media_shares')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}
