// The list query memo (records/list-memo) and the compiled statements kept beside a memoised
// query (records/list-sql): the same answers as parsing and compiling afresh, per view, never
// shared mutably, and bounded.
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseListParams, type ListQuery } from '../../../runtime/query';
import type { ViewSchema } from '../../../schemas';
import { countRecordsBounded, listRecords } from '../../../src/server/records/list-sql';
import type { RecordScope } from '../../../src/server/records/sql';
import type { Database } from '../../../src/server/db/schema';
import { MEMO_PER_VIEW, memoSize, parseListParamsMemo } from '../../../src/server/records/list-memo';
import { field, input, settingsWith } from '../compile/fixtures';
import { sampleView } from '../query/fixtures';
import { compileViewSchema } from '../../../runtime/compile';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

/** A cached view as compileForVersion keeps it: deep-frozen. */
const frozenView = (isAdmin = false): ViewSchema => deepFreeze(sampleView(isAdmin));

/** The same keys as sampleView, but price is text and title is hidden from a viewer without the role. */
const otherView = (): ViewSchema =>
  deepFreeze(
    compileViewSchema(
      settingsWith([
        field({ key: 'title', module: 'input', type: 'text', roles: { see: ['insider'], edit: null } }),
        field({ key: 'price', module: 'input', type: 'text' }),
      ]),
      input({ page: 'model_edit' }),
    ),
  );

const value = (parsed: ReturnType<typeof parseListParamsMemo>): ListQuery => {
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.refusal));
  return parsed.value;
};

const range = { limit: '10', sortBy: 'price', sortDesc: '1', $adv: JSON.stringify({ price: { $gte: 100, $lt: 200 } }) };

describe('parseListParamsMemo', () => {
  it('answers what parseListParams answers, and the same frozen object for the same parameters on the same view', () => {
    const view = frozenView();
    const first = value(parseListParamsMemo({ ...range }, view, {}));
    expect(first).toEqual(value(parseListParams({ ...range }, view, {})));
    const again = value(parseListParamsMemo({ ...range }, view, {}));
    expect(again).toBe(first);
    expect(memoSize(view)).toBe(1);
  });

  it('a kept answer cannot be changed by a caller (deep-frozen), so the next hit is what the parse gave', () => {
    const view = frozenView();
    const kept = value(parseListParamsMemo({ ...range }, view, {}));
    expect(() => {
      (kept as { limit: number }).limit = 5000;
    }).toThrow(TypeError);
    expect(() => {
      (kept.sort as { desc: boolean }).desc = false;
    }).toThrow(TypeError);
    expect(() => {
      (kept.adv as { items: unknown[] }).items.pop();
    }).toThrow(TypeError);
    expect(value(parseListParamsMemo({ ...range }, view, {}))).toEqual(value(parseListParams({ ...range }, view, {})));
  });

  it('the same parameters on two views give each view its own answer (types, visibility, refusals)', () => {
    const a = frozenView();
    const b = otherView();
    const onA = value(parseListParamsMemo({ ...range }, a, {}));
    const onB = value(parseListParamsMemo({ ...range }, b, {}));
    expect(onA.sort.path).toEqual({ source: 'data', key: 'price', kind: 'number', path: 'price' });
    expect(onB.sort.path).toEqual({ source: 'data', key: 'price', kind: 'text', path: 'price' });
    // Numbers compare as numbers on A, as text on B.
    expect(onA.adv).toEqual({ op: 'and', items: [expect.objectContaining({ op: 'gte', value: 100 }), expect.objectContaining({ op: 'lt', value: 200 })] });
    expect(onB.adv).toEqual({ op: 'and', items: [expect.objectContaining({ op: 'gte', value: '100' }), expect.objectContaining({ op: 'lt', value: '200' })] });
    // title is visible on A, hidden on B: the memo of A never answers for B.
    const sortTitle = { sortBy: 'title' };
    expect(parseListParamsMemo({ ...sortTitle }, a, {}).ok).toBe(true);
    const refused = parseListParamsMemo({ ...sortTitle }, b, {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.refusal).toMatchObject({ status: 403, message: 'fieldNotVisible' });
    // Two views of the same fields (admin and not) are two memos too.
    const admin = frozenView(true);
    expect(parseListParamsMemo({ sortBy: 'secret' }, frozenView(), {}).ok).toBe(false);
    expect(parseListParamsMemo({ sortBy: 'secret' }, admin, {}).ok).toBe(true);
  });

  it('the options are part of the key: an app asks for 500 a page by default', () => {
    const view = frozenView();
    expect(value(parseListParamsMemo({}, view, {})).limit).toBe(10);
    expect(value(parseListParamsMemo({}, view, { app: true })).limit).toBe(500);
    expect(value(parseListParamsMemo({ limit: '-1' }, view, { uncapped: true })).limit).toBe(Number.MAX_SAFE_INTEGER);
    expect(value(parseListParamsMemo({ limit: '-1' }, view, {})).limit).toBe(5000);
    expect(memoSize(view)).toBe(4);
  });

  it('refusals are not kept; a refused query stays refused', () => {
    const view = frozenView();
    for (let i = 0; i < 2; i++) {
      const parsed = parseListParamsMemo({ $adv: '{"price":{"$gte":"x"}}' }, view, {});
      expect(parsed.ok).toBe(false);
    }
    expect(memoSize(view)).toBe(0);
  });

  it('keeps nothing for a view that is not cached (not frozen) or for parameters that are not text', () => {
    const loose = sampleView();
    const one = value(parseListParamsMemo({ ...range }, loose, {}));
    const two = value(parseListParamsMemo({ ...range }, loose, {}));
    expect(one).not.toBe(two);
    expect(Object.isFrozen(one)).toBe(false);
    expect(memoSize(loose)).toBe(0);
    const view = frozenView();
    const numeric = { limit: 10 } as unknown as Record<string, string>;
    expect(value(parseListParamsMemo(numeric, view, {})).limit).toBe(10);
    expect(parseListParamsMemo({ limit: ['1', '2'] }, view, {}).ok).toBe(false);
    expect(parseListParamsMemo({ sortBy: 'x'.repeat(5000) }, view, {}).ok).toBe(false);
    expect(memoSize(view)).toBe(0);
  });

  it("keeps Fastify's query objects (their prototype an empty null-prototype object), but not an inherited $adv", () => {
    const view = frozenView();
    const fastifyQuery = () => Object.assign(Object.create(Object.create(null) as object) as Record<string, string>, range);
    const kept = value(parseListParamsMemo(fastifyQuery(), view, {}));
    expect(value(parseListParamsMemo(fastifyQuery(), view, {}))).toBe(kept);
    expect(memoSize(view)).toBe(1);
    // $adv inherited, not own: parseListParams applies it; the memo (whose key holds own values) stays out.
    const inherited = Object.create({ $adv: JSON.stringify({ price: { $gte: 100 } }) } as object) as Record<string, string>;
    inherited.limit = '10';
    const parsed = value(parseListParamsMemo(inherited, view, {}));
    expect(parsed.adv).toMatchObject({ op: 'gte', value: 100 });
    expect(value(parseListParamsMemo({ limit: '10' }, view, {})).adv).toBeNull();
    expect(memoSize(view)).toBe(2);
  });

  it('is bounded per view, the least recently used dropped first', () => {
    const view = frozenView();
    const kept = value(parseListParamsMemo({ offset: '0' }, view, {}));
    for (let i = 1; i < MEMO_PER_VIEW + 50; i++) {
      parseListParamsMemo({ offset: String(i) }, view, {});
      // offset=0 is asked again and again: it stays.
      if (i % 10 === 0) expect(value(parseListParamsMemo({ offset: '0' }, view, {}))).toBe(kept);
    }
    expect(memoSize(view)).toBe(MEMO_PER_VIEW);
    expect(value(parseListParamsMemo({ offset: '0' }, view, {}))).toBe(kept);
    // offset=1 was the oldest: parsed afresh (an equal, new object).
    const one = value(parseListParamsMemo({ offset: '1' }, view, {}));
    expect(one.offset).toBe(1);
    expect(memoSize(view)).toBe(MEMO_PER_VIEW);
  });
});

/** A Kysely whose driver records the statements it is given and answers no rows. */
function recordingDb(): { db: Kysely<Database>; seen: CompiledQuery[] } {
  const seen: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (compiled) => {
      seen.push(compiled);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, seen };
}

describe('the compiled statements of a memoised query', () => {
  const component = '0190c0de-0000-7000-8000-000000000001';
  const live: RecordScope = { projectUuid: 'p', componentUuid: component, env: 'live' };
  const dev: RecordScope = { ...live, env: 'dev' };
  const statements = async (db: Kysely<Database>, seen: CompiledQuery[], scope: RecordScope, query: ListQuery) => {
    seen.length = 0;
    await listRecords(db, scope, query);
    await countRecordsBounded(db, scope, query);
    return seen.map((compiled) => ({ sql: compiled.sql, parameters: [...compiled.parameters] }));
  };

  it('are the statements a fresh query compiles to, per environment, and compiled once', async () => {
    const { db, seen } = recordingDb();
    const view = frozenView();
    const kept = value(parseListParamsMemo({ ...range }, view, {}));
    const fresh = value(parseListParams({ ...range }, view, {}));
    const expected = await statements(db, seen, live, fresh);
    expect(expected[0]!.parameters).toEqual(['live', 'price', '100', 'price', '200', 'price', 10, 0]);
    expect(await statements(db, seen, live, kept)).toEqual(expected);
    const firstCompiled = [...seen];
    // The dev environment is its own statement, not live's.
    expect((await statements(db, seen, dev, kept))[0]!.parameters[0]).toBe('dev');
    // Asked again: the very same compiled objects (nothing compiled anew).
    await statements(db, seen, live, kept);
    expect(seen[0]).toBe(firstCompiled[0]);
    expect(seen[1]).toBe(firstCompiled[1]);
    // A query that is not the memo's is compiled every time.
    await statements(db, seen, live, fresh);
    const again = [...seen];
    await statements(db, seen, live, fresh);
    expect(seen[0]).not.toBe(again[0]);
    await db.destroy();
  });

  it('another query on the same view has its own statements', async () => {
    const { db, seen } = recordingDb();
    const view = frozenView();
    const a = await statements(db, seen, live, value(parseListParamsMemo({ ...range }, view, {})));
    const b = await statements(db, seen, live, value(parseListParamsMemo({ ...range, $adv: JSON.stringify({ price: { $gte: 300 } }) }, view, {})));
    expect(b[0]!.parameters).toContain('300');
    expect(b[0]!.parameters).not.toContain('200');
    expect(a[0]!.sql).not.toBe(b[0]!.sql);
    await db.destroy();
  });
});
