// The one runner of server-side user code (src/server/usercode/run.ts; docs/user-code.md "One runner"):
// arguments from the table of script kinds, each entry point's limits, logs, error shape and after-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_KINDS, scriptArgs } from '../../../runtime/script/sdk/kinds';
import { formatScriptError } from '../../../runtime/script/format';
import { createScriptPool, type ScriptPool, type ScriptRequest, type ScriptResult } from '../../../src/server/usercode/sandbox';
import { runUserCode, scriptMessage, type UserCodeEntry, type UserCodeRan } from '../../../src/server/usercode/run';

/** A pool that answers `result` and keeps the requests it was given. */
function fakePool(result: ScriptResult) {
  const requests: ScriptRequest[] = [];
  const hosts: unknown[] = [];
  return {
    requests,
    hosts,
    run: async (request: ScriptRequest, host?: unknown) => {
      requests.push(request);
      hosts.push(host);
      return result;
    },
  };
}

describe('scriptArgs', () => {
  it("gives a kind's names in the table's order, null for a name not given, and leaves out names the kind does not have", () => {
    const args = scriptArgs('action', { context: { env: {} }, fields: { note: 'x' }, record: { uuid: 'r' } });
    expect(Object.keys(args)).toEqual(SCRIPT_KINDS.action.names.map((entry) => entry.name));
    expect(args).toEqual({ record: { uuid: 'r' }, fields: { note: 'x' }, context: { env: {} } });
    expect(scriptArgs('spark', { context: {} })).toEqual({ data: null, context: {} });
    expect(scriptArgs('route', { request: { method: 'GET' }, context: {}, ...{ data: 1 } } as never)).toEqual({ request: { method: 'GET' }, context: {} });
  });
});

describe('runUserCode', () => {
  const entries: [UserCodeEntry, Record<string, unknown>][] = [
    ['function', { data: 1 }],
    ['global-function', { data: 1 }],
    ['spark', { data: 1 }],
    ['action', { record: {}, fields: {} }],
    ['action-condition', { record: {} }],
    ['route', { request: {} }],
  ];

  it.each(entries)('runs %s with the parameters the table names for it', async (entry, args) => {
    const pool = fakePool({ ok: true, value: 7 });
    const limits = { timeoutMs: 1234, logBytes: 0 };
    const outcome = await runUserCode(entry, { label: 'L', code: 'return 7', args, context: { env: {} }, actingFor: null, limits, logs: false, pool: pool.run });
    expect(outcome).toEqual({ ok: true, value: 7, logs: [] });
    const [request] = pool.requests;
    expect(Object.keys(request!.args)).toEqual(SCRIPT_KINDS[entry].names.map((name) => name.name));
    expect(request).toMatchObject({ label: 'L', code: 'return 7', limits, host: [], logs: false });
    expect(pool.hosts).toEqual([undefined]);
  });

  it('answers the console lines only when the entry point keeps them', async () => {
    const logs = [{ level: 'log' as const, message: 'hi' }];
    const run = { label: 'L', code: 'c', args: { data: null }, context: {}, actingFor: null, limits: {} };
    expect(await runUserCode('spark', { ...run, logs: true, pool: fakePool({ ok: true, value: 1, logs }).run })).toEqual({ ok: true, value: 1, logs });
    expect(await runUserCode('spark', { ...run, logs: false, pool: fakePool({ ok: true, value: 1, logs }).run })).toEqual({ ok: true, value: 1, logs: [] });
  });

  it("writes the after-run record, then throws the entry point's error with the message stripped of label and code", async () => {
    const code = 'throw new Error("no")';
    const error = formatScriptError('Route orders', 'Error: no', code);
    const pool = fakePool({ ok: false, error, logs: [{ level: 'warn', message: 'w' }] });
    const order: string[] = [];
    let ran: UserCodeRan | undefined;
    const thrown = await runUserCode('route', {
      label: 'Route orders',
      code,
      args: { request: {} },
      context: {},
      actingFor: null,
      limits: {},
      logs: true,
      pool: pool.run,
      after: async (given) => {
        ran = given;
        order.push('after');
      },
      fail: (failure) => {
        order.push('fail');
        return Object.assign(new Error('shaped'), { failure });
      },
    }).catch((caught: unknown) => caught);
    expect(order).toEqual(['after', 'fail']);
    expect(thrown).toMatchObject({ message: 'shaped', failure: { error, message: 'Error: no', logs: [{ level: 'warn', message: 'w' }] } });
    expect(ran!.outcome).toEqual({ ok: false, error, logs: [{ level: 'warn', message: 'w' }] });
    expect(ran!.durationMs).toBeGreaterThanOrEqual(0);
    expect(ran!.createdAt).toBeInstanceOf(Date);
    expect(scriptMessage(error, 'Route orders', code)).toBe('Error: no');
  });

  it('answers a failure as an outcome when the entry point shapes none (a spark)', async () => {
    const pool = fakePool({ ok: false, error: 'Spark s: deadline exceeded\nwhile(1){}' });
    const outcome = await runUserCode('spark', { label: 'Spark s', code: 'while(1){}', args: {}, context: {}, actingFor: null, limits: {}, logs: true, pool: pool.run });
    expect(outcome).toEqual({ ok: false, error: 'Spark s: deadline exceeded\nwhile(1){}', logs: [] });
  });
});

describe('runUserCode on the worker pool', () => {
  let pool: ScriptPool;
  beforeAll(() => {
    pool = createScriptPool({ size: 1, graceMs: 200 });
  });
  afterAll(() => pool.close());

  it("passes the action's record, fields and context as the script's parameters, in the table's order", async () => {
    const ran = await runUserCode('action', {
      label: 'Action a',
      code: 'return [record.uuid, fields.note, context.user.name, arguments.length]',
      args: { record: { uuid: 'r1' }, fields: { note: 'n' } },
      context: { env: {}, user: { name: 'Ann' } },
      actingFor: null,
      limits: { timeoutMs: 5000 },
      logs: false,
      pool: (request, host) => pool.run(request, host),
      fail: ({ message }) => new Error(message),
    });
    // record, fields, context, then Lodash and moment.
    expect(ran.value).toEqual(['r1', 'n', 'Ann', 5]);
  }, 60_000);
});
