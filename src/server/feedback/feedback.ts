// The feedback inbox (docs/platform.md "Feedback"): a member's report (the failed call's request id,
// the route, their words) kept per project; the project's admins list them and mark them read.
import { sql, type Kysely } from 'kysely';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGE, type FeedbackBody, type FeedbackFilter, type FeedbackItem, type FeedbackList } from '../../../runtime/api/feedback';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';
import { uuidv7 } from '../db/uuid7';
import { now, nowDate } from '../platform/clock';
import { notFound } from '../platform/errors';
import { type Accountability, requireProject } from '../auth/tenancy';
import { tooManyAttempts } from '../auth/throttle';
import { FieldErrors, pathUuid, requireAdmin } from '../iam/access';

type Db = Kysely<Database>;

/** Control characters other than tab and line breaks: the user's words keep their lines. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const REQUEST_ID = /^[A-Za-z0-9-]+$/;

/** A text of 1..max characters (trimmed) without control characters, or a field error. */
function checkText(value: unknown, max: number, field: string, errors: FieldErrors, allowLines: boolean): string {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === undefined || text === null || text === '') errors.add(field, FEEDBACK_MESSAGE.required);
  else if (typeof text !== 'string' || CONTROL.test(text) || (!allowLines && /[\t\r\n]/.test(text))) errors.add(field, FEEDBACK_MESSAGE.invalid);
  else if (text.length > max) errors.add(field, FEEDBACK_MESSAGE.tooLong, { max });
  else return text;
  return '';
}

function checkBody(body: Partial<Record<keyof FeedbackBody, unknown>>): FeedbackBody {
  const errors = new FieldErrors();
  const message = checkText(body.message, FEEDBACK_LIMITS.messageMax, 'message', errors, true);
  const route = checkText(body.route, FEEDBACK_LIMITS.routeMax, 'route', errors, false);
  if (route !== '' && !route.startsWith('/')) errors.add('route', FEEDBACK_MESSAGE.invalid);
  const id = body.request_uuid;
  if (id !== undefined && id !== null && (typeof id !== 'string' || id.length > FEEDBACK_LIMITS.requestIdMax || !REQUEST_ID.test(id))) {
    errors.add('request_uuid', FEEDBACK_MESSAGE.invalid);
  }
  errors.throwIfAny();
  return { message, route, request_uuid: typeof id === 'string' && id !== '' ? id : null };
}

/** 429 'tooManyAttempts' (Retry-After) once the caller has sent FEEDBACK_LIMITS.perWindow reports in the window. */
async function assertRoom(db: Db, userUuid: string): Promise<void> {
  const since = new Date(now() - FEEDBACK_LIMITS.windowMs);
  const recent = await db
    .selectFrom('feedback_reports')
    .select('created_at')
    .where('user_uuid', '=', userUuid)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(FEEDBACK_LIMITS.perWindow)
    .execute();
  if (recent.length < FEEDBACK_LIMITS.perWindow) return;
  const oldest = new Date(recent.at(-1)!.created_at).getTime();
  throw tooManyAttempts(Math.max(1, Math.ceil((oldest + FEEDBACK_LIMITS.windowMs - now()) / 1000)));
}

/**
 * The check of the limit and the insert are one transaction holding a per-user advisory lock, so
 * concurrent sends (two tabs, two instances) take turns and the eleventh in the window is refused.
 */
export async function sendFeedback(db: Db, accountability: Accountability, body: Partial<Record<keyof FeedbackBody, unknown>>): Promise<{ uuid: string }> {
  const project = requireProject(accountability);
  const report = checkBody(body);
  const user = accountability.user.uuid;
  const uuid = uuidv7();
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${user}`}, 0))`.execute(tx);
    await assertRoom(tx, user);
    await tx
      .insertInto('feedback_reports')
      .values({ uuid, project_uuid: project, user_uuid: user, ...report, created_at: nowDate() })
      .execute();
  });
  return { uuid };
}

function itemsQuery(db: Db, project: string) {
  return db
    .selectFrom('feedback_reports as f')
    .leftJoin('users as u', 'u.uuid', 'f.user_uuid')
    .select(['f.uuid', 'f.request_uuid', 'f.route', 'f.message', 'f.user_uuid', 'f.read_at', 'f.created_at', 'u.name as user_name', 'u.email as user_email'])
    .where('f.project_uuid', '=', project);
}

type Row = Awaited<ReturnType<ReturnType<typeof itemsQuery>['executeTakeFirstOrThrow']>>;

function toItem(row: Row): FeedbackItem {
  const name = (row.user_name ?? '').trim() || (row.user_email ?? '').trim();
  return {
    uuid: row.uuid,
    request_uuid: row.request_uuid,
    route: row.route,
    message: row.message,
    user_uuid: row.user_uuid,
    user_name: name === '' ? null : name,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listFeedback(db: Db, accountability: Accountability, filter: FeedbackFilter = 'unread'): Promise<FeedbackList> {
  const project = requireAdmin(accountability);
  let query = itemsQuery(db, project).orderBy('f.created_at', 'desc').orderBy('f.uuid', 'desc').limit(FEEDBACK_LIMITS.listMax);
  if (filter === 'unread') query = query.where('f.read_at', 'is', null);
  const [rows, counted] = await Promise.all([
    query.execute(),
    db.selectFrom('feedback_reports').select((eb) => eb.fn.countAll<string>().as('n')).where('project_uuid', '=', project).where('read_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), unread: Number(counted.n) };
}

/** Marks a report of the admin's project read or unread; another project's report is 404. */
export async function markFeedback(db: Db, accountability: Accountability, uuidParam: string, read: boolean): Promise<FeedbackItem> {
  const project = requireAdmin(accountability);
  const uuid = pathUuid(uuidParam);
  const updated = await db
    .updateTable('feedback_reports')
    .set(read ? { read_at: clockNow(), read_by: accountability.user.uuid } : { read_at: null, read_by: null })
    .where('uuid', '=', uuid)
    .where('project_uuid', '=', project)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound();
  return toItem(await itemsQuery(db, project).where('f.uuid', '=', uuid).executeTakeFirstOrThrow());
}
