import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { functionTestMachine, type FunctionTestEvent } from '../../machines/functionTest.machine';
import { convertTestInput, parseTestInput, toSimpleText } from '../../runtime/components/functionTestInput';

const answer = { output: { total: 3 }, logs: [{ level: 'log' as const, message: 'hi' }] };
const done = { type: 'xstate.done.actor.callFunction', output: answer } as unknown as FunctionTestEvent;
const failed = { type: 'xstate.error.actor.callFunction', error: { status: 400, messageKey: 'functionFailed', fieldErrors: [{ field: 'function', messages: ['boom'] }] } } as unknown as FunctionTestEvent;

describe('functionTest machine', () => {
  it('reaches every state: ready, running, success, error', () => {
    const paths = getShortestPaths(functionTestMachine, {
      input: { call: async () => answer, text: '{"a": 1}' },
      events: [{ type: 'EDIT', text: '{"a": 2}' }, { type: 'MODE', mode: 'simple' }, { type: 'RUN' }, { type: 'RESET' }, done, failed],
      serializeState: ({ value, context: { mode, text, inputError } }) => JSON.stringify({ value, mode, text, inputError }),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = Object.keys(functionTestMachine.root.states).map((s) => JSON.stringify(s));
    expect(all.sort()).toEqual(['"error"', '"ready"', '"running"', '"success"']);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('runs with the parsed input and shows the output and the logs', async () => {
    const seen: unknown[] = [];
    const actor = createActor(functionTestMachine, { input: { call: async (data) => (seen.push(data), answer), mode: 'simple', text: 'a: 1\nname: Ann' } }).start();
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().value).toBe('running');
    await waitFor(actor, (s) => s.matches('success'));
    expect(seen).toEqual([{ a: 1, name: 'Ann' }]);
    expect(actor.getSnapshot().context.output).toEqual({ total: 3 });
    expect(actor.getSnapshot().context.logs).toEqual(answer.logs);
  });

  it('invalid JSON and an invalid simple line refuse the run and say why', () => {
    const actor = createActor(functionTestMachine, { input: { call: async () => answer, text: '{oops' } }).start();
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.inputError).toBe('invalidJson');
    actor.send({ type: 'MODE', mode: 'simple' });
    expect(actor.getSnapshot().context.inputError).toBe('invalidFormat');
    actor.send({ type: 'EDIT', text: 'no colon here' });
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().context.inputError).toBe('invalidFormat');
  });

  it('a failed call keeps the status and the response body', async () => {
    const actor = createActor(functionTestMachine, {
      input: { call: () => Promise.reject({ status: 400, messageKey: 'functionFailed', fieldErrors: [{ field: 'function', messages: ['boom'] }] }) },
    }).start();
    actor.send({ type: 'RUN' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.status).toBe(400);
    expect(actor.getSnapshot().context.body).toEqual({ status: 400, message: 'functionFailed', errors: [{ field: 'function', messages: ['boom'] }] });
  });

  it('modes convert both ways when they can', () => {
    expect(parseTestInput('simple', 'n: 2\nflag: true\nlist: [1, 2]\ntext: hello world\n\n')).toEqual({ ok: true, data: { n: 2, flag: true, list: [1, 2], text: 'hello world' } });
    expect(parseTestInput('json', '')).toEqual({ ok: true, data: null });
    expect(toSimpleText({ a: '12', b: 'x' })).toBe('a: "12"\nb: x');
    expect(toSimpleText([1])).toBeNull();
    expect(convertTestInput('json', 'simple', '{"a": {"b": 1}}')).toBe('a: {"b":1}');
    expect(convertTestInput('simple', 'json', 'a: 1')).toBe('{\n  "a": 1\n}');
    for (const data of [{ a: 1, b: 'two', c: [3], d: { e: null }, f: '007', g: ' padded ' }, {}]) {
      const text = toSimpleText(data)!;
      expect(parseTestInput('simple', text)).toEqual({ ok: true, data });
    }
  });
});
