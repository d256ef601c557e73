import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { MediaFile } from '../../runtime/api/media';
import { UploadFailed, UploadInBackground, type UploadTarget } from '../../runtime/media/upload';
import type { Uploader, UploadSource } from '../../machines/upload.actors';
import { totalProgress, uploadMachine, type UploadEvent } from '../../machines/upload.machine';

const file = (name: string, size: number) => ({ name, size, type: 'application/octet-stream' }) as unknown as UploadSource;
const target: UploadTarget = { libraryUuid: '7c1e0a51-7f5e-4a55-9d3c-2a4f3c0b9e11', path: 'photos', isPublic: false };
const stored = (key: string, size: number) => ({ key, size, uuid: key }) as unknown as MediaFile;
const files = [file('a.png', 10), file('b.png', 20)];
const NOW = new Date('2026-11-25T08:00:00Z');

const validated = { type: 'xstate.done.actor.validateUpload' } as unknown as UploadEvent;
const refused = { type: 'xstate.error.actor.validateUpload', error: { status: 0, messageKey: 'fieldsNotValid', fieldErrors: [] } } as unknown as UploadEvent;

/** A transfer the test drives by hand: it records the signal and hands back its callbacks. */
function manualUploader() {
  let callbacks: NonNullable<Parameters<Uploader>[2]> = {};
  let signal: AbortSignal | null = null;
  let settle: { resolve(files: MediaFile[]): void; reject(error: unknown): void } | null = null;
  const upload: Uploader = (_files, _target, given = {}, given_signal) => {
    callbacks = given;
    signal = given_signal ?? null;
    return new Promise<MediaFile[]>((resolve, reject) => (settle = { resolve, reject }));
  };
  return {
    upload,
    callbacks: () => callbacks,
    signal: () => signal,
    resolve: (value: MediaFile[]) => settle!.resolve(value),
    reject: (error: unknown) => settle!.reject(error),
  };
}

describe('upload machine', () => {
  it('reaches every state: idle, validating, uploading (sending, retrying), done, failed, cancelled, background', () => {
    const paths = getShortestPaths(uploadMachine, {
      input: { now: () => NOW },
      events: [
        { type: 'START', files, target },
        validated,
        refused,
        { type: 'PROGRESS', fileIndex: 0, loaded: 5, total: 10 },
        { type: 'RETRYING', fileIndex: 0, attempt: 1, offline: true },
        { type: 'RESUMED', fileIndex: 0 },
        { type: 'UPLOADED', files: [stored('photos/a.png', 10)] },
        { type: 'UPLOAD_FAILED', failure: { status: 413, messageKey: 'quotaExceeded', fieldErrors: [] } },
        { type: 'IN_BACKGROUND', fileIndex: 1, uploadUrl: '/api/media/v2/dms/media/upload/tus/abc' },
        { type: 'CANCEL' },
        { type: 'RETRY' },
        { type: 'RESET' },
      ],
      serializeState: ({ value }) => JSON.stringify(value),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      ['"idle"', '"validating"', '{"uploading":"sending"}', '{"uploading":"retrying"}', '"done"', '"failed"', '"cancelled"', '"background"'].sort(),
    );
  });

  it('uploads with progress per file, waits out a dropped connection in retrying, and ends in done with the stored files', async () => {
    const transfer = manualUploader();
    const actor = createActor(uploadMachine, { input: { upload: transfer.upload, now: () => NOW } }).start();
    actor.send({ type: 'START', files, target, freeSpace: 1000 });
    await waitFor(actor, (s) => s.matches({ uploading: 'sending' }));
    transfer.callbacks().onProgress?.(0, 4, 10);
    expect(actor.getSnapshot().context.progress.map((p) => [p.name, p.loaded, p.total])).toEqual([
      ['a.png', 4, 10],
      ['b.png', 0, 20],
    ]);
    transfer.callbacks().onRetry?.(0, 1, true);
    expect(actor.getSnapshot().value).toEqual({ uploading: 'retrying' });
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 1, offline: true });
    transfer.callbacks().onResumed?.(0);
    transfer.callbacks().onProgress?.(0, 10, 10);
    transfer.callbacks().onFileStored?.(0, stored('photos/a.png', 10));
    transfer.callbacks().onProgress?.(1, 20, 20);
    expect(actor.getSnapshot().value).toEqual({ uploading: 'sending' });
    expect(totalProgress(actor.getSnapshot().context.progress)).toEqual({ loaded: 30, total: 30 });
    transfer.resolve([stored('photos/a.png', 10), stored('photos/b.png', 20)]);
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.stored.map((f) => f.key)).toEqual(['photos/a.png', 'photos/b.png']);
  });

  it('CANCEL while uploading aborts the transfer (the runtime terminates it on the server)', async () => {
    const transfer = manualUploader();
    const actor = createActor(uploadMachine, { input: { upload: transfer.upload, now: () => NOW } }).start();
    actor.send({ type: 'START', files, target });
    await waitFor(actor, (s) => s.matches('uploading'));
    expect(transfer.signal()?.aborted).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(transfer.signal()?.aborted).toBe(true);
    // The aborted transfer's rejection arrives late and changes nothing.
    transfer.reject(new DOMException('cancelled', 'AbortError'));
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('refuses before sending: no files, a directory that is not a key, an expiry in the past, more bytes than the free space', async () => {
    const cases: [readonly UploadSource[], UploadTarget, number | null, string, string][] = [
      [[], target, null, 'files', 'identityField.requiredField'],
      [files, { ...target, path: '../up' }, null, 'path', 'invalidKey'],
      [files, { ...target, expiresAt: '2026-11-25T07:59:00Z' }, null, 'expiresAt', 'expiryInPast'],
      [files, target, 29, 'files', 'quotaExceeded'],
    ];
    for (const [given, to, freeSpace, field, message] of cases) {
      let called = false;
      const actor = createActor(uploadMachine, { input: { upload: async () => ((called = true), []), now: () => NOW } }).start();
      actor.send({ type: 'START', files: given, target: to, freeSpace });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.failure?.fieldErrors.find((error) => error.field === field)?.messages).toContain(message);
      expect(called).toBe(false);
    }
  });

  it("a server refusal ends in failed with its message key; RETRY sends again", async () => {
    const transfer = manualUploader();
    const actor = createActor(uploadMachine, { input: { upload: transfer.upload, now: () => NOW } }).start();
    actor.send({ type: 'START', files, target });
    await waitFor(actor, (s) => s.matches('uploading'));
    transfer.reject(new UploadFailed(0, 413, 'quotaExceeded'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ status: 413, messageKey: 'quotaExceeded', fieldErrors: [] });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('uploading'));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("all bytes sent but no result: 'background' (the toast says the upload continues in the background)", async () => {
    const transfer = manualUploader();
    const actor = createActor(uploadMachine, { input: { upload: transfer.upload, now: () => NOW } }).start();
    actor.send({ type: 'START', files, target });
    await waitFor(actor, (s) => s.matches('uploading'));
    transfer.reject(new UploadInBackground(1, 'http://localhost/api/media/v2/dms/media/upload/tus/abc', [stored('photos/a.png', 10)]));
    await waitFor(actor, (s) => s.matches('background'));
    expect(actor.getSnapshot().context.backgroundUrl).toContain('/upload/tus/abc');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('property: under any sequence of commands and transfer events, the state and context stay consistent', async () => {
    // Actors that never answer on their own: the sequence alone drives the machine.
    const quiet = uploadMachine.provide({
      actors: {
        validateUpload: fromPromise(() => new Promise<void>(() => undefined)),
        transferFiles: fromCallback(() => () => undefined),
      },
    });
    const index = fc.integer({ min: 0, max: 1 });
    const command: fc.Arbitrary<UploadEvent> = fc.oneof(
      fc.constant({ type: 'START', files, target } as const),
      fc.constant({ type: 'CANCEL' } as const),
      fc.constant({ type: 'RETRY' } as const),
      fc.constant({ type: 'RESET' } as const),
      fc.constant(validated),
      fc.constant(refused),
      fc.tuple(index, fc.integer({ min: 0, max: 20 })).map(([fileIndex, loaded]) => ({ type: 'PROGRESS', fileIndex, loaded: Math.min(loaded, files[fileIndex]!.size), total: files[fileIndex]!.size }) as const),
      fc.tuple(index, fc.integer({ min: 1, max: 8 }), fc.boolean()).map(([fileIndex, attempt, offline]) => ({ type: 'RETRYING', fileIndex, attempt, offline }) as const),
      index.map((fileIndex) => ({ type: 'RESUMED', fileIndex }) as const),
      fc.constant<UploadEvent>({ type: 'UPLOADED', files: [stored('photos/a.png', 10), stored('photos/b.png', 20)] }),
      fc.constant<UploadEvent>({ type: 'UPLOAD_FAILED', failure: { status: 500, messageKey: 'serverError', fieldErrors: [] } }),
      fc.constant({ type: 'IN_BACKGROUND', fileIndex: 1, uploadUrl: '/tus/x' } as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const actor = createActor(quiet, { input: { now: () => NOW } }).start();
        for (const event of commands) {
          const before = actor.getSnapshot();
          // The validation actor's answers exist only while it runs (an actor's error event elsewhere is an unhandled error by design).
          if (event.type.startsWith('xstate.') && !before.matches('validating')) continue;
          actor.send(event);
          const after = actor.getSnapshot();
          const { context } = after;
          // Failure is said exactly in failed; the background URL exactly in background.
          expect(context.failure !== null).toBe(after.matches('failed'));
          expect(context.backgroundUrl !== null).toBe(after.matches('background'));
          // Idle holds nothing; outside idle the files and their progress rows match one to one.
          if (after.matches('idle')) expect([context.files.length, context.progress.length, context.target]).toEqual([0, 0, null]);
          else expect(context.progress.length).toBe(context.files.length);
          for (const entry of context.progress) expect(entry.loaded).toBeLessThanOrEqual(entry.total);
          // Retrying is only ever entered from uploading, and done only by UPLOADED.
          if (after.matches({ uploading: 'retrying' })) expect(before.matches('uploading')).toBe(true);
          if (after.matches('done') && !before.matches('done')) expect(event.type).toBe('UPLOADED');
          // Terminal states ignore transfer events.
          if ((['done', 'cancelled', 'background'] as const).some((state) => before.matches(state)) && !['RESET', 'RETRY'].includes(event.type)) {
            expect(after.value).toEqual(before.value);
          }
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
