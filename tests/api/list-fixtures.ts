// Shared setup for the record list, bulk and export suites (docs/lists.md): a client for the list
// calls, and many small records written with one INSERT ... SELECT generate_series (quick on both
// databases).
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';

type Db = Kysely<Database>;
type Method = 'GET' | 'POST' | 'DELETE';
type Inject = (options: { method: Method; url: string; payload?: object | string; headers: Record<string, string> }) => Promise<LightMyRequestResponse>;

const path = (ref: string) => ref.split('/').map(encodeURIComponent).join('/');

/** Query parameters as a query string ($adv and $aggregate objects as JSON text). */
export function queryString(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The list calls of docs/lists.md for one caller (cookie) and environment. */
export function listApi(app: () => { inject: Inject }, cookie: () => string, env: 'dev' | 'live' = 'dev') {
  const send = (method: Method, url: string, payload?: unknown, more: Record<string, string> = {}) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: cookie(), 'x-project-env': env, ...more } });
  const base = (ref: string) => `/v3/system/component/${path(ref)}`;
  return {
    send,
    list: (ref: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) => send('GET', `${base(ref)}/models${queryString(params)}`, undefined, headers),
    exportAs: (ref: string, params: Record<string, unknown> = {}) => send('GET', `${base(ref)}/models/export${queryString(params)}`),
    bulk: (ref: string, action: 'delete' | 'disable' | 'enable', body: unknown) => send('POST', `${base(ref)}/${action}/models`, body),
    job: (ref: string, job: string) => send('GET', `${base(ref)}/jobs/${encodeURIComponent(job)}`),
    /** Polls a bulk job until it is no longer running (fails the test if it still runs after timeoutMs). */
    waitForJob(ref: string, job: string, timeoutMs = 20_000) {
      return vi.waitFor(
        async () => {
          const response = await send('GET', `${base(ref)}/jobs/${encodeURIComponent(job)}`);
          if (response.statusCode === 200 && response.json().status === 'running') throw new Error(`job ${job} still running`);
          return response;
        },
        { timeout: timeoutMs, interval: 25 },
      );
    },
  };
}

export interface BulkInsert {
  projectUuid: string;
  componentUuid: string;
  env?: 'dev' | 'live';
  userUuid: string;
  count: number;
}

/**
 * `count` records in one statement. Record i (1-based) has: title 'Book 0000i' (5 digits), code
 * 'C{i % 7}', price i % 100, secret 's{i}', name_i18n { locales: { en_US: 'Name i', sr: 'Ime i' } },
 * published 2024-01-01 + (i % 60) days, active (i even); created_at 2024-01-01T00:00Z + i minutes.
 */
export async function insertManyRecords(db: Db, input: BulkInsert): Promise<void> {
  await sql`
    insert into records (project_uuid, component_uuid, env, data, created_at, updated_at, created_by, updated_by)
    select ${input.projectUuid}::uuid, ${input.componentUuid}::uuid, ${input.env ?? 'dev'}, jsonb_build_object(
        'title', 'Book ' || lpad(i::text, 5, '0'),
        'code', 'C' || (i % 7),
        'price', i % 100,
        'secret', 's' || i,
        'name_i18n', jsonb_build_object('locales', jsonb_build_object('en_US', 'Name ' || i, 'sr', 'Ime ' || i)),
        'published', to_char(date '2024-01-01' + (i % 60), 'YYYY-MM-DD'),
        'active', (i % 2 = 0)),
      timestamptz '2024-01-01T00:00:00Z' + make_interval(mins => i),
      timestamptz '2024-01-01T00:00:00Z' + make_interval(mins => i),
      ${input.userUuid}::uuid, ${input.userUuid}::uuid
    from generate_series(1, ${input.count}::int) as i`.execute(db);
}

/** The book component's fields: text, code, number, a role-restricted text, a hashed one, text_i18n, a date, a bool. */
export function bookFields(secretRole: string | null) {
  return [
    { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 100 } }, filterable: true },
    { name: 'code', key: 'code', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 20 } } },
    { name: 'price', key: 'price', auto_key: false, module: 'input', type: 'number', constraints: {} },
    {
      name: 'secret',
      key: 'secret',
      auto_key: false,
      module: 'input',
      type: 'text',
      constraints: { length: { min: 1, max: 50 } },
      ...(secretRole ? { roles: { see: [secretRole], edit: [secretRole] } } : {}),
    },
    { name: 'password', key: 'password', auto_key: false, module: 'input', type: 'password', constraints: { hashed: true, length: { min: 6, max: 64 } } },
    { name: 'name i18n', key: 'name_i18n', auto_key: false, module: 'input', type: 'text_i18n', constraints: {} },
    { name: 'published', key: 'published', auto_key: false, module: 'picker', type: 'date', constraints: {} },
    { name: 'active', key: 'active', auto_key: false, module: 'checkbox', type: 'bool', constraints: {} },
  ];
}

/** The number of rows in records (the table is intact after injection attempts). */
export async function recordCount(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from records`.execute(db);
  return result.rows[0]!.n;
}
