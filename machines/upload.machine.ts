// The upload modal's states (design card; spec sections 4 "Upload" and 8 "Upload failure";
// docs/media-upload.md "The machine"): idle -> validating -> uploading with progress per file ->
// done | failed | cancelled. While uploading, a dropped connection moves to uploading.retrying (the
// transfer waits and resumes from the server's offset; `offline` says whether the browser knows it
// is offline) and back to uploading.sending when bytes flow again. When every byte is sent but no
// result comes back, the machine ends in 'background': the screen's toast says the upload continues
// in the background. RETRY from failed starts again (resuming what the server kept); RESET clears.
import { assign, setup } from 'xstate';
import type { MediaFile } from '../runtime/api/media';
import { uploadFiles, type UploadTarget } from '../runtime/media/upload';
import { transferFiles, validateUpload, type UploadFailure, type Uploader, type UploadSource, type UploadTransferEvent } from './upload.actors';

export interface FileProgress {
  name: string;
  loaded: number;
  total: number;
  /** The stored file, once its last byte is in. */
  file: MediaFile | null;
}

export interface UploadContext {
  upload: Uploader;
  now: () => Date;
  files: readonly UploadSource[];
  target: UploadTarget | null;
  freeSpace: number | null;
  progress: FileProgress[];
  stored: MediaFile[];
  failure: UploadFailure | null;
  /** Retries since the transfer last moved. */
  attempt: number;
  offline: boolean;
  /** The upload whose result did not come (state background). */
  backgroundUrl: string | null;
}

export type UploadEvent =
  | { type: 'START'; files: readonly UploadSource[]; target: UploadTarget; freeSpace?: number | null }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  | UploadTransferEvent;

export interface UploadInput {
  /** The transfer (default runtime/media/upload's uploadFiles). */
  upload?: Uploader;
  /** The clock the expiry is judged by (default the system's). */
  now?: () => Date;
}

const fresh = (files: readonly UploadSource[]): FileProgress[] => files.map((file) => ({ name: file.name ?? 'file', loaded: 0, total: file.size, file: null }));

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: { validateUpload, transferFiles },
  actions: {
    begin: assign(({ event }) =>
      event.type === 'START'
        ? { files: event.files, target: event.target, freeSpace: event.freeSpace ?? null, progress: fresh(event.files), stored: [], failure: null, attempt: 0, offline: false, backgroundUrl: null }
        : {},
    ),
    restart: assign(({ context }) => ({ progress: fresh(context.files), stored: [], failure: null, attempt: 0, offline: false, backgroundUrl: null })),
    progress: assign(({ context, event }) => {
      if (event.type !== 'PROGRESS') return {};
      const progress = context.progress.map((entry, index) => (index === event.fileIndex ? { ...entry, loaded: event.loaded, total: event.total } : entry));
      return { progress };
    }),
    retrying: assign(({ event }) => (event.type === 'RETRYING' ? { attempt: event.attempt, offline: event.offline } : {})),
    resumed: assign({ attempt: 0, offline: false }),
    fileStored: assign(({ context, event }) => {
      if (event.type !== 'FILE_STORED') return {};
      const progress = context.progress.map((entry, index) => (index === event.fileIndex ? { ...entry, loaded: entry.total, file: event.file } : entry));
      return { progress, stored: [...context.stored, event.file] };
    }),
    uploaded: assign(({ event }) => (event.type === 'UPLOADED' ? { stored: event.files } : {})),
    fail: assign(({ event }) => {
      if (event.type === 'UPLOAD_FAILED') return { failure: event.failure };
      // The validation actor's error event.
      const error = (event as unknown as { error?: UploadFailure }).error;
      return { failure: error ?? { status: 0, messageKey: 'unexpectedError', fieldErrors: [] } };
    }),
    background: assign(({ event }) => (event.type === 'IN_BACKGROUND' ? { backgroundUrl: event.uploadUrl } : {})),
    clear: assign({ files: [], target: null, freeSpace: null, progress: [], stored: [], failure: null, attempt: 0, offline: false, backgroundUrl: null }),
  },
}).createMachine({
  id: 'upload',
  initial: 'idle',
  context: ({ input }) => ({
    upload: input.upload ?? uploadFiles,
    now: input.now ?? (() => new Date()),
    files: [],
    target: null,
    freeSpace: null,
    progress: [],
    stored: [],
    failure: null,
    attempt: 0,
    offline: false,
    backgroundUrl: null,
  }),
  states: {
    idle: {
      on: { START: { target: 'validating', actions: 'begin' } },
    },
    validating: {
      invoke: {
        id: 'validateUpload',
        src: 'validateUpload',
        input: ({ context }) => ({ files: context.files, target: context.target!, freeSpace: context.freeSpace, now: context.now() }),
        onDone: 'uploading',
        onError: { target: 'failed', actions: 'fail' },
      },
      on: { CANCEL: 'cancelled' },
    },
    uploading: {
      invoke: {
        id: 'transferFiles',
        src: 'transferFiles',
        input: ({ context }) => ({ upload: context.upload, files: context.files, target: context.target! }),
      },
      initial: 'sending',
      states: {
        sending: {
          on: { RETRYING: { target: 'retrying', actions: 'retrying' } },
        },
        retrying: {
          on: {
            RETRYING: { actions: 'retrying' },
            RESUMED: { target: 'sending', actions: 'resumed' },
          },
        },
      },
      on: {
        PROGRESS: { actions: 'progress' },
        FILE_STORED: { actions: 'fileStored' },
        UPLOADED: { target: 'done', actions: 'uploaded' },
        UPLOAD_FAILED: { target: 'failed', actions: 'fail' },
        IN_BACKGROUND: { target: 'background', actions: 'background' },
        // Leaving the state stops the transfer actor: the upload is aborted and terminated on the server.
        CANCEL: 'cancelled',
      },
    },
    done: { on: { RESET: { target: 'idle', actions: 'clear' } } },
    failed: {
      on: {
        RETRY: { target: 'validating', actions: 'restart' },
        RESET: { target: 'idle', actions: 'clear' },
      },
    },
    cancelled: { on: { RESET: { target: 'idle', actions: 'clear' }, RETRY: { target: 'validating', actions: 'restart' } } },
    background: { on: { RESET: { target: 'idle', actions: 'clear' } } },
  },
});

/** The screen's summary: bytes sent of all files (for one progress bar beside the per-file ones). */
export function totalProgress(progress: readonly FileProgress[]): { loaded: number; total: number } {
  return progress.reduce((sum, entry) => ({ loaded: sum.loaded + entry.loaded, total: sum.total + entry.total }), { loaded: 0, total: 0 });
}
