// The record import wizard's four steps (docs/lists.md "The import wizard"; spec sections 3, 5, 7, 8):
// file (pick or drop a CSV or JSON file) -> map (its preview, the columns mapped to fields, the
// primary key) -> run (uploading with progress, then importing) -> result | errors (417: every bad
// row; pick the fixed file to map and run again). A failed call other than 417 goes back to map with
// the server's message. Each step that offers a file input reads a picked file in its `reading`
// substate (the step stays on screen); a preview that cannot be read goes back to file and says so.
// CLOSE from anywhere ends in closed: the import under way is aborted.
import { assign, setup } from 'xstate';
import type { FieldError } from '../runtime/api/contract';
import type { FieldMapEntry, ImportResult } from '../runtime/api/import';
import {
  readPreview,
  runImport,
  type ColumnMapping,
  type ImportPreview,
  type ImportProblem,
  type ImportRunEvent,
  type ImportSource,
  type RecordImportApi,
} from './recordImport.actors';

export interface RecordImportContext {
  api: RecordImportApi;
  /** The component the records go to. */
  ref: string;
  /** The file whose preview is shown (and which RUN imports). */
  file: ImportSource | null;
  /** The file being read, until its preview is in. */
  picked: ImportSource | null;
  preview: ImportPreview | null;
  mapping: ColumnMapping;
  /** A field key, 'uuid', or '' (every row creates). */
  primaryKey: string;
  problem: ImportProblem | null;
  /** Bytes sent of the file (step run). */
  progress: { uploaded: number; total: number };
  result: ImportResult | null;
  /** The 417 answer's field errors, one per bad cell (step errors). */
  rowErrors: FieldError[];
}

export type RecordImportEvent =
  | { type: 'PICK'; file: ImportSource }
  /** Maps a column to a field key ('' leaves it out); the field's previous column goes unmapped. */
  | { type: 'MAP'; column: string; to: string }
  | { type: 'PRIMARY_KEY'; key: string }
  | { type: 'RUN' }
  | { type: 'CLOSE' }
  | ImportRunEvent;

export interface RecordImportInput {
  api: RecordImportApi;
  ref: string;
}

/** The field_map of a mapping: the mapped columns, in column order. */
export function fieldMapOf(mapping: ColumnMapping): FieldMapEntry[] {
  return Object.entries(mapping)
    .filter(([, to]) => to !== '')
    .map(([from, to]) => ({ from, to }));
}

/** A field takes one column: mapping `column` to `to` leaves the field's previous column unmapped. */
export function mapColumn(mapping: ColumnMapping, column: string, to: string): ColumnMapping {
  const next = { ...mapping };
  if (to !== '') for (const [other, key] of Object.entries(next)) if (key === to) next[other] = '';
  next[column] = to;
  return next;
}

const PREVIEW_FAILED: ImportProblem = { message: 'import.previewFailed', errors: [] };

/**
 * Reading a picked file's preview: the same substate in each step that offers the file input (the
 * step stays on screen meanwhile). The preview leads to map; a file it cannot read, back to file.
 */
const reading = {
  invoke: {
    id: 'readPreview',
    src: 'readPreview',
    input: ({ context }: { context: RecordImportContext }) => ({ api: context.api, file: context.picked! }),
    onDone: { target: '#recordImport.map.editing', actions: 'previewed' },
    onError: { target: '#recordImport.file.waiting', actions: 'previewFailed' },
  },
} as const;

/** A file picked (or dropped) in a step that offers the input: read it, again if one was being read. */
const picking = { target: '.reading', reenter: true, actions: 'pick' } as const;

export const recordImportMachine = setup({
  types: {
    context: {} as RecordImportContext,
    events: {} as RecordImportEvent,
    input: {} as RecordImportInput,
  },
  actors: { readPreview, runImport },
  guards: {
    // The run button's rule: a file read and at least one column mapped.
    canRun: ({ context }) => context.file !== null && fieldMapOf(context.mapping).length > 0,
  },
  actions: {
    pick: assign(({ event }) => (event.type === 'PICK' ? { picked: event.file, problem: null } : {})),
    previewed: assign(({ context, event }) => {
      const preview = (event as unknown as { output: ImportPreview }).output;
      // A second file (the fixed one) keeps the mapping of the columns it still has.
      const mapping = context.api.mapColumns(preview.columns, context.preview ? context.mapping : null);
      return { file: context.picked, picked: null, preview, mapping };
    }),
    previewFailed: assign({ picked: null, problem: PREVIEW_FAILED }),
    map: assign(({ context, event }) => (event.type === 'MAP' ? { mapping: mapColumn(context.mapping, event.column, event.to) } : {})),
    primaryKey: assign(({ event }) => (event.type === 'PRIMARY_KEY' ? { primaryKey: event.key } : {})),
    start: assign(({ context }) => ({ picked: null, problem: null, progress: { uploaded: 0, total: context.file?.size ?? 0 } })),
    progress: assign(({ event }) => (event.type === 'PROGRESS' ? { progress: { uploaded: event.uploaded, total: event.total } } : {})),
    uploaded: assign(({ context }) => ({ progress: { ...context.progress, uploaded: context.progress.total } })),
    imported: assign(({ event }) => (event.type === 'IMPORTED' ? { result: event.result } : {})),
    refused: assign(({ event }) => (event.type === 'ROWS_REFUSED' ? { rowErrors: event.errors, problem: { message: event.messageKey, errors: [] } } : {})),
    failed: assign(({ event }) => (event.type === 'IMPORT_FAILED' ? { problem: event.problem } : {})),
  },
}).createMachine({
  id: 'recordImport',
  initial: 'file',
  context: ({ input }) => ({
    api: input.api,
    ref: input.ref,
    file: null,
    picked: null,
    preview: null,
    mapping: {},
    primaryKey: '',
    problem: null,
    progress: { uploaded: 0, total: 0 },
    result: null,
    rowErrors: [],
  }),
  on: {
    // Leaving run stops the import actor: the request is aborted.
    CLOSE: '.closed',
  },
  states: {
    file: {
      initial: 'waiting',
      on: { PICK: picking },
      states: {
        waiting: {},
        reading,
      },
    },
    map: {
      initial: 'editing',
      on: {
        PICK: picking,
        MAP: { actions: 'map' },
        PRIMARY_KEY: { actions: 'primaryKey' },
        // Also while another file is read: its preview is dropped (the reading actor stops).
        RUN: { target: 'run', guard: 'canRun', actions: 'start' },
      },
      states: {
        editing: {},
        reading,
      },
    },
    run: {
      invoke: {
        id: 'runImport',
        src: 'runImport',
        input: ({ context }) => ({ api: context.api, ref: context.ref, file: context.file!, primaryKey: context.primaryKey, fieldMap: fieldMapOf(context.mapping) }),
      },
      initial: 'uploading',
      states: {
        uploading: { on: { UPLOADED: { target: 'importing', actions: 'uploaded' } } },
        importing: {},
      },
      on: {
        PROGRESS: { actions: 'progress' },
        IMPORTED: { target: 'result', actions: 'imported' },
        ROWS_REFUSED: { target: 'errors', actions: 'refused' },
        IMPORT_FAILED: { target: 'map', actions: 'failed' },
      },
    },
    result: {},
    errors: {
      initial: 'listed',
      on: { PICK: picking },
      states: {
        listed: {},
        reading,
      },
    },
    closed: { type: 'final' },
  },
});
