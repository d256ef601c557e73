// Share links (docs/media.md "Share links"): a signed, expiring URL of a file,
// /media/library/{library}/get/{key}?expires={unix seconds}&signature={HMAC-SHA256}, signed with a
// key of the project kept in the database (media_signing_keys), so every instance signs and checks
// with the same one. A link opens the file without a session until it expires (then 410
// shareExpired); a changed signature, key, library or expiry does not verify (403). Shared as a link
// (the answer) or by e-mail through the mail service.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { mediaFileUrl } from '../../../runtime/api/media';
import { MEDIA_RULE_MESSAGE, splitEmails, validateShareDate } from '../../../runtime/media/rules';
import type { FieldError } from '../../../runtime/api/contract';
import { nowDate } from '../clock';
import type { Database } from '../db/schema';
import { fieldsNotValid } from '../errors';
import { isEmail, isPlainObject } from '../validate';
import { publicLink, type Mailer } from './mail';
import { libraryForCall } from './media-access';
import type { MediaContext } from './media-files';
import { keyOf } from './media-rows';
import { findFile } from './media-tree';
import type { Accountability } from './tenancy';

const MAX_EMAILS = 50;

/** The project's signing key, made on first use (two instances racing agree on the first one written). */
export async function signingKey(db: Kysely<Database>, projectUuid: string): Promise<Buffer> {
  const existing = await db.selectFrom('media_signing_keys').select('secret').where('project_uuid', '=', projectUuid).executeTakeFirst();
  if (existing) return Buffer.from(existing.secret, 'base64url');
  await db
    .insertInto('media_signing_keys')
    .values({ project_uuid: projectUuid, secret: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('project_uuid').doNothing())
    .execute();
  const row = await db.selectFrom('media_signing_keys').select('secret').where('project_uuid', '=', projectUuid).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

function mac(secret: Buffer, libraryUuid: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${libraryUuid}\n${key}\n${expires}`).digest('base64url');
}

/** The signed path of a file, valid until `until`. */
export async function signedFilePath(db: Kysely<Database>, projectUuid: string, libraryUuid: string, key: string, until: Date): Promise<string> {
  const expires = Math.floor(until.getTime() / 1000);
  const signature = mac(await signingKey(db, projectUuid), libraryUuid, key, expires);
  return `${mediaFileUrl(libraryUuid, key)}?expires=${expires}&signature=${signature}`;
}

export type LinkVerdict = 'valid' | 'expired' | 'invalid';

/** Checks a link's expires and signature for a file (the signature first: an expired forgery is 'invalid'). */
export async function verifyLink(db: Kysely<Database>, projectUuid: string, libraryUuid: string, key: string, expires: unknown, signature: unknown): Promise<LinkVerdict> {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(mac(await signingKey(db, projectUuid), libraryUuid, key, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 > nowDate().getTime() ? 'valid' : 'expired';
}

export interface ShareContext extends MediaContext {
  mailer: Mailer;
}

/**
 * POST /v1/media/library/{libraryUuid}/share: the signed URL of a file (absolute, from
 * LUMA_PUBLIC_URL), valid until body.date (not in the past, on a 5-minute step). type 'email'
 * also mails it to each address. Sharing hands the file to whoever holds the link, so it needs
 * 'download luma-media'.
 */
export async function shareFile(context: ShareContext, accountability: Accountability, libraryUuid: string, body: unknown): Promise<{ data: string }> {
  const library = await libraryForCall(context.db, accountability, libraryUuid, 'download');
  const input = (isPlainObject(body) ? body : {}) as { key?: unknown; date?: unknown; type?: unknown; emails?: unknown };
  const key = keyOf(input.key);
  const errors: FieldError[] = validateShareDate(input.date, nowDate());
  const type = input.type ?? 'link';
  let emails: string[] = [];
  if (type === 'email') {
    const raw = Array.isArray(input.emails) ? input.emails : typeof input.emails === 'string' ? splitEmails(input.emails) : null;
    emails = (raw ?? []).map((email) => (typeof email === 'string' ? email.trim() : ''));
    if (emails.length === 0) errors.push({ field: 'emails', messages: [MEDIA_RULE_MESSAGE.required], values: [null] });
    else if (emails.length > MAX_EMAILS || emails.some((email) => !isEmail(email))) errors.push({ field: 'emails', messages: [MEDIA_RULE_MESSAGE.invalidEmail], values: [null] });
  }
  if (errors.length > 0) throw fieldsNotValid(errors);
  const file = await findFile(context, library, key);
  const until = new Date(input.date as string);
  const url = publicLink(context.config, await signedFilePath(context.db, library.project_uuid, library.uuid, file.key, until));
  for (const to of new Set(emails)) {
    await context.mailer.send({
      to,
      subject: `${accountability.user.name} shared ${file.name} with you`,
      text: `${accountability.user.name} shared the file ${file.name} with you. The link works until ${until.toISOString()}:\n\n${url}\n`,
    });
  }
  return { data: url };
}
