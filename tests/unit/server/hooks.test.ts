// The hook registry (src/server/platform/hooks.ts): filters run in the order they were registered,
// each on what the one before answered; a throw stops the rest and reaches the caller; actions run in
// order, one after another; a removed hook runs no more, and a hook added during an emit waits for
// the next one.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/schema';
import { createHooks } from '../../../src/server/platform/hooks';

type Filters = {
  'notes.create': { payload: { text: string }; meta: { author: string } };
  'notes.delete': { payload: { uuid: string }; meta: { author: string } };
};
type Actions = { 'notes.create': { text: string } };

const context = { db: {} as Kysely<Database> };
const meta = { author: 'ada' };

describe('hook registry', () => {
  it('answers the payload itself when no filter is registered, and runs no action', async () => {
    const hooks = createHooks<Filters, Actions>();
    const payload = { text: 'alone' };
    expect(await hooks.emitFilter('notes.create', payload, meta, context)).toBe(payload);
    await expect(hooks.emitAction('notes.create', { text: 'alone' }, context)).resolves.toBeUndefined();
  });

  it('runs filters in registration order, each on the answer of the one before; an empty answer keeps the payload', async () => {
    const hooks = createHooks<Filters, Actions>();
    const seen: string[] = [];
    hooks.onFilter('notes.create', (payload, given, ctx) => {
      seen.push(`first ${payload.text} by ${given.author} ${ctx === context}`);
      return { text: `${payload.text}+1` };
    });
    hooks.onFilter('notes.create', async (payload) => {
      seen.push(`second ${payload.text}`);
      await Promise.resolve();
      return { text: `${payload.text}+2` };
    });
    hooks.onFilter('notes.create', (payload) => {
      seen.push(`third ${payload.text}`);
    });
    // Another event's filters are not run.
    hooks.onFilter('notes.delete', () => {
      seen.push('delete');
    });
    expect(await hooks.emitFilter('notes.create', { text: 'a' }, meta, context)).toEqual({ text: 'a+1+2' });
    expect(seen).toEqual(['first a by ada true', 'second a+1', 'third a+1+2']);
  });

  it('a throwing filter stops the ones after it and its error reaches the caller', async () => {
    const hooks = createHooks<Filters, Actions>();
    const ran: string[] = [];
    hooks.onFilter('notes.create', () => {
      ran.push('before');
    });
    hooks.onFilter('notes.create', () => {
      throw new Error('refused');
    });
    hooks.onFilter('notes.create', () => {
      ran.push('after');
    });
    await expect(hooks.emitFilter('notes.create', { text: 'x' }, meta, context)).rejects.toThrow('refused');
    expect(ran).toEqual(['before']);
  });

  it('runs actions in registration order, each once the one before has finished; an action error reaches the caller', async () => {
    const hooks = createHooks<Filters, Actions>();
    const ran: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    hooks.onAction('notes.create', async (payload) => {
      ran.push(`first ${payload.text} started`);
      await gate;
      ran.push('first finished');
    });
    hooks.onAction('notes.create', () => {
      ran.push('second');
    });
    const emitted = hooks.emitAction('notes.create', { text: 'n' }, context);
    await Promise.resolve();
    expect(ran).toEqual(['first n started']);
    release();
    await emitted;
    expect(ran).toEqual(['first n started', 'first finished', 'second']);

    hooks.onAction('notes.create', () => {
      throw new Error('action failed');
    });
    await expect(hooks.emitAction('notes.create', { text: 'n' }, context)).rejects.toThrow('action failed');
  });

  it('a removed hook runs no more (removing it twice is harmless); one added during an emit runs from the next emit on', async () => {
    const hooks = createHooks<Filters, Actions>();
    const ran: string[] = [];
    const remove = hooks.onFilter('notes.create', () => {
      ran.push('removed');
    });
    hooks.onFilter('notes.create', () => {
      ran.push('kept');
      hooks.onFilter('notes.create', () => {
        ran.push('late');
      });
    });
    remove();
    remove();
    await hooks.emitFilter('notes.create', { text: 'x' }, meta, context);
    expect(ran).toEqual(['kept']);
    ran.length = 0;
    await hooks.emitFilter('notes.create', { text: 'x' }, meta, context);
    expect(ran).toEqual(['kept', 'late']);

    const stop = hooks.onAction('notes.create', () => {
      ran.push('action');
    });
    stop();
    await hooks.emitAction('notes.create', { text: 'x' }, context);
    expect(ran).toEqual(['kept', 'late']);
  });

  it('filtersIdle: true with no filter, or when every filter answers idle for the write; a filter without an answer, or answering no, counts as acting; a removed one no more', async () => {
    const hooks = createHooks<Filters, Actions>();
    expect(await hooks.filtersIdle('notes.create', meta, context)).toBe(true);
    const asked: string[] = [];
    hooks.onFilter('notes.create', () => undefined, (given, ctx) => {
      asked.push(`${given.author} ${ctx === context}`);
      return true;
    });
    expect(await hooks.filtersIdle('notes.create', meta, context)).toBe(true);
    expect(asked).toEqual(['ada true']);
    const stop = hooks.onFilter('notes.create', (payload) => ({ text: payload.text.toUpperCase() }), async (given) => given.author !== 'ada');
    expect(await hooks.filtersIdle('notes.create', meta, context)).toBe(false);
    expect(await hooks.filtersIdle('notes.create', { author: 'bob' }, context)).toBe(true);
    stop();
    const plain = hooks.onFilter('notes.create', () => undefined);
    expect(await hooks.filtersIdle('notes.create', { author: 'bob' }, context)).toBe(false);
    // Another event's filters are not asked.
    expect(await hooks.filtersIdle('notes.delete', meta, context)).toBe(true);
    plain();
    expect(await hooks.filtersIdle('notes.create', meta, context)).toBe(true);
  });
});
