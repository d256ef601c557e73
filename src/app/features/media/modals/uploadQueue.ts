// The upload modal's files (spec sections 4 and 8): each runs its own upload machine
// (machines/upload.machine.ts), so each has its row with status and progress, and its cancel. A
// failure's row holds the server's message or identityField.failedToUploadMediaFiles; a 5xx opens the
// server-error modal. Closing the modal mid-upload leaves the machines running: the files go on
// uploading (cancel is each row's button), and the listing is refreshed when they end (UploadModal).
import { useContext, useRef, useState } from 'react';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { UploadFailure } from '../../../../../machines/upload.actors';
import { uploadMachine } from '../../../../../machines/upload.machine';
import type { UploadTarget } from '../../../../../runtime/media/upload';
import { openReportError } from '../../../api/reportError';
import { MediaUploaderContext } from '../upload';

export type UploadStatus = 'waiting' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled' | 'background';
export type UploadOutcome = 'done' | 'failed' | 'cancelled' | 'background';

export interface UploadItem {
  file: File;
  loaded: number;
  status: UploadStatus;
  offline?: boolean;
  error?: string;
}

const FAILED = 'identityField.failedToUploadMediaFiles';
const ENDED: readonly UploadStatus[] = ['done', 'cancelled', 'background'];

/** The row's status while its machine has not failed. */
function statusOf(snapshot: SnapshotFrom<typeof uploadMachine>): UploadStatus {
  if (snapshot.matches({ uploading: 'retrying' })) return 'retrying';
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches('background')) return 'background';
  return 'uploading';
}

/** A failed row's message: the first field message, else the server's key, else the spec's own. */
const failureMessage = (failure: UploadFailure | null): string =>
  failure?.fieldErrors[0]?.messages[0] ?? (failure && failure.messageKey !== 'unexpectedError' ? failure.messageKey : FAILED);

export function useUploadQueue() {
  const upload = useContext(MediaUploaderContext);
  const [items, setItems] = useState<UploadItem[]>([]);
  const actors = useRef(new Map<number, Actor<typeof uploadMachine>>());

  const patch = (index: number, change: Partial<UploadItem>) => setItems((list) => list.map((it, i) => (i === index ? { ...it, ...change } : it)));

  const run = (item: UploadItem, index: number, target: UploadTarget) =>
    new Promise<UploadOutcome>((resolve) => {
      const actor = createActor(uploadMachine, { input: { upload } });
      actors.current.set(index, actor);
      actor.subscribe((snapshot) => {
        if (snapshot.matches('failed')) {
          const failure = snapshot.context.failure;
          if (failure && failure.status >= 500 && failure.status !== 501) openReportError(null);
          patch(index, { status: 'failed', error: failureMessage(failure) });
          resolve('failed');
          return;
        }
        const status = statusOf(snapshot);
        if (status === 'done' || status === 'cancelled' || status === 'background') resolve(status);
        patch(index, { status, loaded: snapshot.context.progress[0]?.loaded ?? 0, offline: snapshot.context.offline });
      });
      actor.start();
      actor.send({ type: 'START', files: [item.file], target });
    });

  return {
    items,
    /** The chosen files, each waiting. */
    choose: (files: File[]) => setItems(files.map((file) => ({ file, loaded: 0, status: 'waiting' as const }))),
    /** Uploads every file not already through (a retry after a failure sends only what is left). */
    runAll: (target: UploadTarget) => Promise.all(items.map((item, index) => (ENDED.includes(item.status) ? Promise.resolve<UploadOutcome>('done') : run(item, index, target)))),
    cancel: (index: number) => actors.current.get(index)?.send({ type: 'CANCEL' }),
  };
}
