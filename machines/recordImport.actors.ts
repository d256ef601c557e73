// The record import machine's side effects (machines/recordImport.machine.ts): reading a picked
// file's preview, and the import call, whose upload progress comes back as events. Both go through
// the `api` of the machine's input: the screen passes the real ones (src/app's readPreview and
// importRecords, which this layer may not import), tests pass their own. Stopping the import actor
// (CLOSE, or the machine stopped) aborts the request.
import { fromCallback, fromPromise } from 'xstate';
import type { FieldError } from '../runtime/api/contract';
import type { FieldMapEntry, ImportResult } from '../runtime/api/import';
import { isApiRequestError } from '../runtime/client/errors';

/** What the screen hands over: the browser's File (anything with a size and a name in tests). */
export type ImportSource = Blob & { name?: string };

/** A file's first rows as the wizard shows them: the columns and up to 10 rows of cell texts. */
export interface ImportPreview {
  columns: string[];
  rows: string[][];
}

/** Column to field key ('' for a column left out of the import). */
export type ColumnMapping = Record<string, string>;

/** The import call (POST /v1/system/component/{ref}/import, docs/lists.md "Import"). */
export interface ImportCall {
  ref: string;
  file: ImportSource;
  /** A field key, 'uuid', or '' (every row creates). */
  primaryKey: string;
  fieldMap: FieldMapEntry[];
  onUploadProgress(uploaded: number, total: number): void;
  /** The whole file has been sent: the server is importing. */
  onUploaded(): void;
  signal: AbortSignal;
}

export interface RecordImportApi {
  /** The preview of a picked file; it throws when the file is no CSV or JSON array it can read. */
  readPreview(file: ImportSource): Promise<ImportPreview>;
  /**
   * The mapping of a new file's columns: prefilled from the fields' keys and labels, or (given the
   * previous file's mapping) carried over where a column is still there. Not a side effect, but it
   * knows the component's view, which the screen has.
   */
  mapColumns(columns: string[], previous: ColumnMapping | null): ColumnMapping;
  importRecords(call: ImportCall): Promise<ImportResult>;
}

/** A message over the steps: a message key, and the field errors of an answer that is not the rows'. */
export interface ImportProblem {
  message: string;
  errors: FieldError[];
}

export type ImportRunEvent =
  | { type: 'PROGRESS'; uploaded: number; total: number }
  | { type: 'UPLOADED' }
  | { type: 'IMPORTED'; result: ImportResult }
  /** 417: the bad rows ('row.{n}.{key}'), nothing written. */
  | { type: 'ROWS_REFUSED'; messageKey: string; errors: FieldError[] }
  | { type: 'IMPORT_FAILED'; problem: ImportProblem };

export const readPreview = fromPromise<ImportPreview, { api: RecordImportApi; file: ImportSource }>(({ input }) => input.api.readPreview(input.file));

/**
 * The failed call as an event (spec section 8, "Import failure"): 417 lists the bad rows; a 500 has
 * opened the report modal already and, like anything else, shows the server's message and field errors.
 */
export function failedImport(error: unknown): ImportRunEvent {
  if (isApiRequestError(error) && error.status === 417) return { type: 'ROWS_REFUSED', messageKey: error.messageKey, errors: error.fieldErrors };
  return {
    type: 'IMPORT_FAILED',
    problem: isApiRequestError(error) ? { message: error.messageKey, errors: error.fieldErrors } : { message: 'unexpectedError', errors: [] },
  };
}

export interface RunImportInput {
  api: RecordImportApi;
  ref: string;
  file: ImportSource;
  primaryKey: string;
  fieldMap: FieldMapEntry[];
}

export const runImport = fromCallback<ImportRunEvent, RunImportInput>(({ sendBack, input }) => {
  const controller = new AbortController();
  let settled = false;
  input.api
    .importRecords({
      ref: input.ref,
      file: input.file,
      primaryKey: input.primaryKey,
      fieldMap: input.fieldMap,
      signal: controller.signal,
      onUploadProgress: (uploaded, total) => sendBack({ type: 'PROGRESS', uploaded, total }),
      onUploaded: () => sendBack({ type: 'UPLOADED' }),
    })
    .then(
      (result) => {
        settled = true;
        sendBack({ type: 'IMPORTED', result });
      },
      (error: unknown) => {
        settled = true;
        if (!controller.signal.aborted) sendBack(failedImport(error));
      },
    );
  // Only a call still under way is aborted (the machine leaves run on its answer, too).
  return () => {
    if (!settled) controller.abort();
  };
});
