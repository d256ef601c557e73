// The record import machine: every state reached (xstate/graph), driven runs for each way a step
// ends, and fast-check event sequences. The file reading and the mapping are the screen's own
// (importModel, on a compiled view); the import call is the test's, through the machine's api.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ImportCall, ImportPreview, RecordImportApi } from '../../machines/recordImport.actors';
import { fieldMapOf, mapColumn, recordImportMachine, type RecordImportEvent } from '../../machines/recordImport.machine';
import type { ImportResult } from '../../runtime/api/import';
import { ApiRequestError } from '../../runtime/client/errors';
import { compileViewSchema } from '../../runtime/compile';
import { defaultSettings } from '../../runtime/components';
import type { ComponentSettings } from '../../schemas';
import { carryMapping, prefillMapping, readPreview } from '../../src/app/features/records/import/importModel';

const fields = [
  { name: 'title', key: 'title', label: { en_US: 'Full name' }, module: 'input', type: 'text', constraints: { required: true } },
  { name: 'age', key: 'age', label: { en_US: 'Age' }, module: 'input', type: 'number' },
  { name: 'email', key: 'email', label: { en_US: 'Email' }, module: 'input', type: 'email' },
];
const view = compileViewSchema({ ...defaultSettings('v1'), fields: fields.map((f, i) => ({ sortOrder: i, ...f })) } as unknown as ComponentSettings, {
  component: { uuid: '00000000-0000-4000-8000-000000000001', ref: 'people', name: 'people', label: { en_US: 'People' } },
  locale: 'en_US',
  roles: [],
  isAdmin: true,
  page: 'model_create',
});

const csv = (lines: string[], name = 'people.csv') => new File([lines.join('\r\n') + '\r\n'], name, { type: 'text/csv' });
const people = csv(['Full name,AGE,notes', 'Ann,31,x', 'Bea,2,y']);
const notAFile = new File(['{"not": "an array"}'], 'x.json', { type: 'application/json' });
const answer: ImportResult = { created: 2, updated: 0, total: 2 };
const rowErrors = [
  { field: 'row.1.age', messages: ['cantBeMoreThen'], values: [{ max: 150 }] },
  { field: 'row.2.title', messages: ['identityField.requiredField'], values: [null] },
];
const refusal = () => new ApiRequestError(417, 'fieldsNotValid', 'http', 'main', rowErrors);

/** The screen's reading and mapping; an import call the test answers by hand. */
function testApi() {
  const calls: ImportCall[] = [];
  let settle: { resolve(result: ImportResult): void; reject(error: unknown): void } | null = null;
  const api: RecordImportApi = {
    readPreview,
    mapColumns: (columns, previous) => (previous ? carryMapping(previous, columns, view) : prefillMapping(columns, view)),
    importRecords: (call) => {
      calls.push(call);
      return new Promise<ImportResult>((resolve, reject) => (settle = { resolve, reject }));
    },
  };
  return { api, calls, resolve: (result: ImportResult) => settle!.resolve(result), reject: (error: unknown) => settle!.reject(error) };
}

function start(api: RecordImportApi) {
  return createActor(recordImportMachine, { input: { api, ref: 'people' } }).start();
}

/** A started machine at step map with `file` read. */
async function mapped(file: File = people) {
  const server = testApi();
  const actor = start(server.api);
  actor.send({ type: 'PICK', file });
  await waitFor(actor, (s) => s.matches({ map: 'editing' }));
  return { actor, server };
}

interface StateTree {
  key: string;
  states: Record<string, StateTree>;
}

/** Every leaf state of the machine, as xstate writes its value. */
function leaves(node: StateTree, path: string[] = []): string[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [JSON.stringify(path.reduceRight<unknown>((value, key) => (value === null ? key : { [key]: value }), null))];
  return children.flatMap((child) => leaves(child, [...path, child.key]));
}

const preview: ImportPreview = { columns: ['Full name', 'AGE'], rows: [['Ann', '31']] };
const read = { type: 'xstate.done.actor.readPreview', output: preview } as unknown as RecordImportEvent;
const unreadable = { type: 'xstate.error.actor.readPreview', error: new Error('not an array') } as unknown as RecordImportEvent;

describe('recordImport machine', () => {
  it('reaches every state: file (waiting, reading), map (editing, reading), run (uploading, importing), result, errors (listed, reading), closed', () => {
    const paths = getShortestPaths(recordImportMachine, {
      input: { api: testApi().api, ref: 'people' },
      events: [
        { type: 'PICK', file: people },
        read,
        unreadable,
        { type: 'MAP', column: 'AGE', to: '' },
        { type: 'PRIMARY_KEY', key: 'title' },
        { type: 'RUN' },
        { type: 'PROGRESS', uploaded: 10, total: 40 },
        { type: 'UPLOADED' },
        { type: 'IMPORTED', result: answer },
        { type: 'ROWS_REFUSED', messageKey: 'fieldsNotValid', errors: rowErrors },
        { type: 'IMPORT_FAILED', problem: { message: 'badRequest', errors: [] } },
        { type: 'CLOSE' },
      ],
      serializeState: ({ value }) => JSON.stringify(value),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = leaves(recordImportMachine.root);
    expect(all).toHaveLength(10);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('reads the picked file, prefills the mapping, runs with the mapping and primary key, shows progress, then the result', async () => {
    const { actor, server } = await mapped();
    const { context } = actor.getSnapshot();
    expect(context.file).toBe(people);
    expect(context.preview).toEqual({ format: 'csv', columns: ['Full name', 'AGE', 'notes'], rows: [['Ann', '31', 'x'], ['Bea', '2', 'y']] });
    expect(context.mapping).toEqual({ 'Full name': 'title', AGE: 'age', notes: '' });
    actor.send({ type: 'PRIMARY_KEY', key: 'title' });
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().value).toEqual({ run: 'uploading' });
    expect(actor.getSnapshot().context.progress).toEqual({ uploaded: 0, total: people.size });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ ref: 'people', file: people, primaryKey: 'title', fieldMap: [{ from: 'Full name', to: 'title' }, { from: 'AGE', to: 'age' }] });
    server.calls[0]!.onUploadProgress(12, 40);
    expect(actor.getSnapshot().context.progress).toEqual({ uploaded: 12, total: 40 });
    server.calls[0]!.onUploaded();
    expect(actor.getSnapshot().value).toEqual({ run: 'importing' });
    expect(actor.getSnapshot().context.progress).toEqual({ uploaded: 40, total: 40 });
    server.resolve(answer);
    await waitFor(actor, (s) => s.matches('result'));
    expect(actor.getSnapshot().context.result).toEqual(answer);
    expect(server.calls[0]!.signal.aborted).toBe(false);
  });

  it('417: every bad row in errors; the fixed file keeps the mapping and the key, and imports', async () => {
    const { actor, server } = await mapped();
    actor.send({ type: 'MAP', column: 'notes', to: 'email' });
    actor.send({ type: 'PRIMARY_KEY', key: 'title' });
    actor.send({ type: 'RUN' });
    server.reject(refusal());
    await waitFor(actor, (s) => s.matches({ errors: 'listed' }));
    expect(actor.getSnapshot().context.rowErrors).toEqual(rowErrors);
    expect(actor.getSnapshot().context.problem).toEqual({ message: 'fieldsNotValid', errors: [] });

    const fixed = csv(['Full name,AGE,notes', 'Ann,31,a@x.test'], 'fixed.csv');
    actor.send({ type: 'PICK', file: fixed });
    expect(actor.getSnapshot().value).toEqual({ errors: 'reading' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await waitFor(actor, (s) => s.matches({ map: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({ file: fixed, mapping: { 'Full name': 'title', AGE: 'age', notes: 'email' }, primaryKey: 'title' });
    actor.send({ type: 'RUN' });
    server.resolve(answer);
    await waitFor(actor, (s) => s.matches('result'));
    expect(server.calls.map((call) => call.file)).toEqual([people, fixed]);
  });

  it("another refusal goes back to map with the server's message and field errors; anything else thrown says unexpectedError", async () => {
    const { actor, server } = await mapped();
    actor.send({ type: 'RUN' });
    const errors = [{ field: 'field_map.0.to', messages: ['importUnknownField'], values: [{ key: 'x' }] }];
    server.reject(new ApiRequestError(400, 'badRequest', 'http', 'main', errors));
    await waitFor(actor, (s) => s.matches({ map: 'editing' }));
    expect(actor.getSnapshot().context.problem).toEqual({ message: 'badRequest', errors });
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    server.reject(new TypeError('boom'));
    await waitFor(actor, (s) => s.matches('map'));
    expect(actor.getSnapshot().context.problem).toEqual({ message: 'unexpectedError', errors: [] });
  });

  it('a file that cannot be previewed goes back to step file and says so, from file, map and errors', async () => {
    const server = testApi();
    const actor = start(server.api);
    actor.send({ type: 'PICK', file: notAFile });
    expect(actor.getSnapshot().value).toEqual({ file: 'reading' });
    await waitFor(actor, (s) => s.matches({ file: 'waiting' }));
    expect(actor.getSnapshot().context).toMatchObject({ file: null, picked: null, problem: { message: 'import.previewFailed', errors: [] } });

    const other = await mapped();
    other.actor.send({ type: 'PICK', file: notAFile });
    expect(other.actor.getSnapshot().value).toEqual({ map: 'reading' });
    await waitFor(other.actor, (s) => s.matches({ file: 'waiting' }));
    // The file read before stays; a later pick carries its mapping over.
    expect(other.actor.getSnapshot().context.file).toBe(people);

    const third = await mapped();
    third.actor.send({ type: 'RUN' });
    third.server.reject(refusal());
    await waitFor(third.actor, (s) => s.matches('errors'));
    third.actor.send({ type: 'PICK', file: notAFile });
    await waitFor(third.actor, (s) => s.matches({ file: 'waiting' }));
    expect(third.actor.getSnapshot().context.problem?.message).toBe('import.previewFailed');
  });

  it('RUN needs a column mapped; a field takes one column', async () => {
    const { actor, server } = await mapped(csv(['a,b', '1,2']));
    expect(actor.getSnapshot().context.mapping).toEqual({ a: '', b: '' });
    expect(actor.getSnapshot().can({ type: 'RUN' })).toBe(false);
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().value).toEqual({ map: 'editing' });
    expect(server.calls).toHaveLength(0);
    actor.send({ type: 'MAP', column: 'a', to: 'age' });
    actor.send({ type: 'MAP', column: 'b', to: 'age' });
    expect(actor.getSnapshot().context.mapping).toEqual({ a: '', b: 'age' });
    expect(fieldMapOf(actor.getSnapshot().context.mapping)).toEqual([{ from: 'b', to: 'age' }]);
    expect(mapColumn({ a: 'age', b: '' }, 'b', '')).toEqual({ a: 'age', b: '' });
    expect(actor.getSnapshot().can({ type: 'RUN' })).toBe(true);
  });

  it('CLOSE while running aborts the call, and its late answer changes nothing', async () => {
    const { actor, server } = await mapped();
    actor.send({ type: 'RUN' });
    expect(server.calls[0]!.signal.aborted).toBe(false);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(server.calls[0]!.signal.aborted).toBe(true);
    server.reject(new DOMException('Aborted', 'AbortError'));
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('property: under any sequence of user and call events, each step holds what it shows', async () => {
    // Actors that never answer on their own: the sequence alone drives the machine.
    const quiet = recordImportMachine.provide({
      actors: {
        readPreview: fromPromise(() => new Promise<ImportPreview>(() => undefined)),
        runImport: fromCallback(() => () => undefined),
      },
    });
    const column = fc.constantFrom('Full name', 'AGE', 'other');
    const event: fc.Arbitrary<RecordImportEvent> = fc.oneof(
      fc.constant<RecordImportEvent>({ type: 'PICK', file: people }),
      fc.constant(read),
      fc.constant(unreadable),
      fc.tuple(column, fc.constantFrom('', 'title', 'age', 'email')).map(([from, to]) => ({ type: 'MAP', column: from, to }) as const),
      fc.constantFrom('', 'uuid', 'title').map((key) => ({ type: 'PRIMARY_KEY', key }) as const),
      fc.constant<RecordImportEvent>({ type: 'RUN' }),
      fc.tuple(fc.nat(40), fc.constant(40)).map(([uploaded, total]) => ({ type: 'PROGRESS', uploaded, total }) as const),
      fc.constant<RecordImportEvent>({ type: 'UPLOADED' }),
      fc.constant<RecordImportEvent>({ type: 'IMPORTED', result: answer }),
      fc.constant<RecordImportEvent>({ type: 'ROWS_REFUSED', messageKey: 'fieldsNotValid', errors: rowErrors }),
      fc.constant<RecordImportEvent>({ type: 'IMPORT_FAILED', problem: { message: 'badRequest', errors: [] } }),
      fc.constant<RecordImportEvent>({ type: 'CLOSE' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (events) => {
        const actor = createActor(quiet, { input: { api: testApi().api, ref: 'people' } }).start();
        for (const sent of events) {
          const before = actor.getSnapshot();
          // The reading actor's answers exist only while it runs (an actor's error event elsewhere is an unhandled error by design).
          if (sent.type.startsWith('xstate.') && !['file', 'map', 'errors'].some((step) => before.matches({ [step]: 'reading' }))) continue;
          actor.send(sent);
          const after = actor.getSnapshot();
          const { context } = after;
          const reading = ['file', 'map', 'errors'].some((step) => after.matches({ [step]: 'reading' }));
          // Closed is the end: the actor is done.
          if (after.matches('closed')) {
            expect(after.status).toBe('done');
            break;
          }
          // A file is being read exactly in a reading substate.
          expect(context.picked !== null).toBe(reading);
          // Map and run show a read file and its preview; run imports at least one mapped column.
          if (after.matches('map') || after.matches('run')) expect([context.file, context.preview].includes(null)).toBe(false);
          if (after.matches('run') && !before.matches('run')) expect([sent.type, fieldMapOf(context.mapping).length > 0]).toEqual(['RUN', true]);
          if (after.matches('run')) expect(context.problem).toBeNull();
          // The result is shown only with the call's answer; the bad rows only after a 417.
          if (after.matches('result')) expect(context.result).toEqual(answer);
          if (after.matches('errors')) expect(context.rowErrors).toEqual(rowErrors);
          // A mapped field has one column.
          const targets = Object.values(context.mapping).filter((to) => to !== '');
          expect(new Set(targets).size).toBe(targets.length);
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
