// The upload machine's side effects (machines/upload.machine.ts): the checks before a byte is sent,
// and the transfer itself through runtime/media/upload (tus), whose callbacks come back as events.
// Stopping the transfer actor (CANCEL, or the machine stopped) aborts it: the upload is terminated
// on the server.
import { fromCallback, fromPromise } from 'xstate';
import type { FieldError } from '../runtime/api/contract';
import { MEDIA_MESSAGE, type MediaFile } from '../runtime/api/media';
import { normaliseDirPath } from '../runtime/media/keys';
import { validateExpiry } from '../runtime/media/rules';
import { UploadFailed, UploadInBackground, uploadFiles, type UploadTarget } from '../runtime/media/upload';

/** What the screen hands over: the browser's File objects (anything with a name and a size in tests). */
export type UploadSource = Blob & { name?: string; lastModified?: number };

/** The transfer: runtime/media/upload's uploadFiles, or a stand-in in tests. */
export type Uploader = typeof uploadFiles;

export interface UploadFailure {
  /** HTTP status; 0 when no answer came (or the check before sending refused). */
  status: number;
  messageKey: string;
  fieldErrors: FieldError[];
}

export type UploadTransferEvent =
  | { type: 'PROGRESS'; fileIndex: number; loaded: number; total: number }
  | { type: 'RETRYING'; fileIndex: number; attempt: number; offline: boolean }
  | { type: 'RESUMED'; fileIndex: number }
  | { type: 'FILE_STORED'; fileIndex: number; file: MediaFile }
  | { type: 'UPLOADED'; files: MediaFile[] }
  | { type: 'UPLOAD_FAILED'; failure: UploadFailure }
  | { type: 'IN_BACKGROUND'; fileIndex: number; uploadUrl: string };

export interface ValidateInput {
  files: readonly UploadSource[];
  target: UploadTarget;
  /** The library's free space in bytes, when the screen knows it (null: the server judges). */
  freeSpace: number | null;
  now: Date;
}

/** The checks the browser can make before sending (the server makes them all again at the create). */
export function uploadProblems({ files, target, freeSpace, now }: ValidateInput): FieldError[] {
  const errors: FieldError[] = [];
  if (files.length === 0) errors.push({ field: 'files', messages: ['identityField.requiredField'] });
  if (normaliseDirPath(target.path) === null) errors.push({ field: 'path', messages: [MEDIA_MESSAGE.invalidKey] });
  errors.push(...validateExpiry(target.expiresAt ?? null, now, 'expiresAt'));
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (freeSpace !== null && total > freeSpace) errors.push({ field: 'files', messages: [MEDIA_MESSAGE.quotaExceeded] });
  return errors;
}

export const validateUpload = fromPromise<void, ValidateInput>(async ({ input }) => {
  const errors = uploadProblems(input);
  if (errors.length > 0) throw { status: 0, messageKey: 'fieldsNotValid', fieldErrors: errors } satisfies UploadFailure;
});

/** The failure of anything thrown: the server's refusal keeps its status, key and field errors. */
export function failureOf(error: unknown): UploadFailure {
  if (error instanceof UploadFailed) return { status: error.status, messageKey: error.messageKey, fieldErrors: error.fieldErrors };
  if (error && typeof error === 'object' && 'messageKey' in error) {
    const e = error as Partial<UploadFailure>;
    return { status: e.status ?? 0, messageKey: String(e.messageKey), fieldErrors: e.fieldErrors ?? [] };
  }
  return { status: 0, messageKey: error instanceof Error ? error.message : String(error), fieldErrors: [] };
}

export interface TransferInput {
  upload: Uploader;
  files: readonly UploadSource[];
  target: UploadTarget;
}

export const transferFiles = fromCallback<UploadTransferEvent, TransferInput>(({ sendBack, input }) => {
  const controller = new AbortController();
  input
    .upload(
      input.files,
      input.target,
      {
        onProgress: (fileIndex, loaded, total) => sendBack({ type: 'PROGRESS', fileIndex, loaded, total }),
        onRetry: (fileIndex, attempt, offline) => sendBack({ type: 'RETRYING', fileIndex, attempt, offline }),
        onResumed: (fileIndex) => sendBack({ type: 'RESUMED', fileIndex }),
        onFileStored: (fileIndex, file) => sendBack({ type: 'FILE_STORED', fileIndex, file }),
      },
      controller.signal,
    )
    .then(
      (files) => sendBack({ type: 'UPLOADED', files }),
      (error: unknown) => {
        if (controller.signal.aborted) return; // cancelled: the machine has left already
        if (error instanceof UploadInBackground) sendBack({ type: 'IN_BACKGROUND', fileIndex: error.fileIndex, uploadUrl: error.uploadUrl });
        else sendBack({ type: 'UPLOAD_FAILED', failure: failureOf(error) });
      },
    );
  return () => controller.abort();
});
