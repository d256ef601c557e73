// The console call (POST /connections/{id}/query; docs/ratchet.md "The answer"): the statement's
// answer streamed as NDJSON. Until the columns are known a failure is an ordinary JSON error (422 with
// its message key); after them it is the last line ({"type":"error"}). The caller's disconnect and a
// Cancel call stop the statement on the server.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { RATCHET_LIMITS, RATCHET_MESSAGE, RATCHET_QUERY_CONTENT_TYPE, type RatchetQueryLine } from '../../../runtime/api/ratchet';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import type { Accountability } from '../auth/tenancy';
import { FieldErrors, requireAdmin } from '../iam/access';
import { requireConnection } from './connections';
import { runReadOnlyQuery } from './query';
import { registerRunning } from './running';

export interface ConsoleCall {
  db: Kysely<Database>;
  accountability: Accountability;
  id: string;
  body: unknown;
  timeoutMs: number;
  reply: FastifyReply;
}

function checkBody(body: unknown): { sql: unknown; limit: number; queryId: string | null } {
  if (!isPlainObject(body)) throw new HttpError(400, 'badRequest');
  const errors = new FieldErrors();
  if (body.sql === undefined || body.sql === null || body.sql === '') errors.add('sql', 'fieldRequired');
  else if (typeof body.sql !== 'string') errors.add('sql', 'invalid');
  const limit = body.limit ?? RATCHET_LIMITS.rowCap;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > RATCHET_LIMITS.rowCap) errors.add('limit', 'invalid');
  if (body.query_id !== undefined && !isUuid(body.query_id)) errors.add('query_id', 'invalid');
  errors.throwIfAny();
  return { sql: body.sql, limit: limit as number, queryId: (body.query_id as string | undefined) ?? null };
}

const line = (value: RatchetQueryLine) => `${JSON.stringify(value)}\n`;

export async function runConsole({ db, accountability, id, body, timeoutMs, reply }: ConsoleCall): Promise<FastifyReply> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireConnection(db, projectUuid, id);
  const { sql, limit, queryId } = checkBody(body);
  const controller = new AbortController();
  const unregister = queryId ? registerRunning(queryId, { projectUuid, userUuid: accountability.user.uuid, connectionUuid: row.uuid, controller }) : () => undefined;
  if (!unregister) throw new HttpError(409, RATCHET_MESSAGE.queryRunning);
  // The caller went away before the answer ended: the statement is stopped on the server.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const out = new PassThrough();
  let started: () => void = () => undefined;
  const columnsKnown = new Promise<void>((resolve) => (started = resolve));
  const run = runReadOnlyQuery(row, sql as string, {
    limit,
    timeoutMs,
    signal: controller.signal,
    onColumns: (columns) => {
      out.write(line({ type: 'columns', columns }));
      started();
    },
    onRows: async (rows) => {
      if (!out.write(line({ type: 'rows', rows }))) await once(out, 'drain', { signal: controller.signal });
    },
  });
  try {
    await Promise.race([columnsKnown, run]);
  } catch (error) {
    unregister();
    throw error;
  }
  run
    .then((result) => out.end(line({ type: 'end', row_count: result.rowCount, capped: result.capped, ms: result.ms, command: result.command })))
    .catch((error: unknown) => {
      const known = error instanceof HttpError ? error : null;
      const detail = (known?.errors?.[0]?.values?.[0] as { detail?: string } | null | undefined)?.detail;
      out.end(line({ type: 'error', message: known?.message ?? 'serverError', ...(detail ? { detail } : {}) }));
    })
    .finally(unregister);
  reply.header('content-type', RATCHET_QUERY_CONTENT_TYPE).header('cache-control', 'no-store');
  return reply.send(out);
}
