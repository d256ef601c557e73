// Upload (spec sections 3, 4, 5 and 8): files, the public flag (private by default), an expiry not in
// the past, metadata. Each file runs its own upload machine (machines/upload.machine.ts: validating,
// uploading with progress or retrying after a dropped connection, done, failed, cancelled,
// background), so each has its progress and its cancel. A failure shows the server's message or
// identityField.failedToUploadMediaFiles (a 5xx opens the server-error modal); an upload whose result
// did not come back says it continues in the background.
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createActor, type Actor } from 'xstate';
import { uploadMachine } from '../../../../../machines/upload.machine';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { X } from '../../../../../renderers/ui/icons';
import { showToast } from '../../../../../renderers/ui/toast';
import { openReportError } from '../../../api/reportError';
import { invalidateFiles } from '../data';
import { CheckField, MetadataEditor, RuleErrors, type MetaRow } from '../fields';
import { expiryErrors, formatSize, metadataOf, toLocalInput } from '../rules';
import { MediaUploaderContext } from '../upload';

type Status = 'waiting' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled' | 'background';
type Outcome = 'done' | 'failed' | 'cancelled' | 'background';

interface Item {
  file: File;
  loaded: number;
  status: Status;
  offline?: boolean;
  error?: string;
}

const FAILED = 'identityField.failedToUploadMediaFiles';
const ENDED: readonly Status[] = ['done', 'cancelled', 'background'];

export function UploadModal({ libraryUuid, dir, onClose }: { libraryUuid: string; dir: string; onClose: () => void }) {
  const t = useIntl();
  const queryClient = useQueryClient();
  const upload = useContext(MediaUploaderContext);
  const [items, setItems] = useState<Item[]>([]);
  const [isPublic, setPublic] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [meta, setMeta] = useState<MetaRow[]>([]);
  const [running, setRunning] = useState(false);
  const [touched, setTouched] = useState(false);
  const actors = useRef(new Map<number, Actor<typeof uploadMachine>>());
  const expiryErr = expiryErrors(expiry, new Date());

  // Closing the modal (or leaving the page) stops the machines: their uploads are terminated.
  useEffect(() => () => actors.current.forEach((actor) => actor.stop()), []);

  const patch = (index: number, change: Partial<Item>) => setItems((list) => list.map((it, i) => (i === index ? { ...it, ...change } : it)));

  const run = (item: Item, index: number, target: Parameters<typeof upload>[1]) =>
    new Promise<Outcome>((resolve) => {
      const actor = createActor(uploadMachine, { input: { upload } });
      actors.current.set(index, actor);
      actor.subscribe((snapshot) => {
        const progress = snapshot.context.progress[0];
        if (snapshot.matches('done')) resolve('done');
        else if (snapshot.matches('cancelled')) resolve('cancelled');
        else if (snapshot.matches('background')) resolve('background');
        else if (snapshot.matches('failed')) {
          const failure = snapshot.context.failure;
          if (failure && failure.status >= 500 && failure.status !== 501) openReportError(null);
          const message = failure?.fieldErrors[0]?.messages[0] ?? (failure && failure.messageKey !== 'unexpectedError' ? failure.messageKey : FAILED);
          patch(index, { status: 'failed', error: message });
          resolve('failed');
          return;
        }
        const status: Status = snapshot.matches({ uploading: 'retrying' }) ? 'retrying' : snapshot.matches('done') ? 'done' : snapshot.matches('cancelled') ? 'cancelled' : snapshot.matches('background') ? 'background' : 'uploading';
        patch(index, { status, loaded: progress?.loaded ?? 0, offline: snapshot.context.offline });
      });
      actor.start();
      actor.send({ type: 'START', files: [item.file], target });
    });

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (items.length === 0 || expiryErr.length > 0) {
      showToast('someFieldsAreNotValid', 'danger');
      return;
    }
    setRunning(true);
    const target = { libraryUuid, path: dir, isPublic, expiresAt: expiry ? new Date(expiry).toISOString() : null, metadata: metadataOf(meta) };
    const outcomes = await Promise.all(items.map((item, index) => (ENDED.includes(item.status) ? Promise.resolve<Outcome>('done') : run(item, index, target))));
    setRunning(false);
    await invalidateFiles(queryClient, libraryUuid);
    if (outcomes.includes('background')) showToast('media.uploadInBackground', 'info');
    if (!outcomes.includes('failed')) {
      if (outcomes.includes('done')) showToast('media.uploaded', 'success');
      onClose();
    }
  };

  const cancel = (index: number) => actors.current.get(index)?.send({ type: 'CANCEL' });
  const failedMessage = items.find((i) => i.status === 'failed')?.error;

  return (
    <Dialog open wide title={<FormattedMessage id="media.upload" />} onClose={onClose} testId="media-upload-modal">
      <form onSubmit={(e) => void start(e)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="media-upload-files">
            <FormattedMessage id="media.files" />
          </label>
          <input
            id="media-upload-files"
            type="file"
            multiple
            data-testid="media-upload-input"
            disabled={running}
            onChange={(e) => setItems(Array.from(e.target.files ?? []).map((file) => ({ file, loaded: 0, status: 'waiting' as const })))}
          />
          {touched && items.length === 0 ? <RuleErrors messages={[{ key: 'fieldRequired' }]} /> : null}
        </div>
        {items.length > 0 ? (
          <ul className="media-upload-list" data-testid="media-upload-list">
            {items.map((item, index) => {
              const pct = item.file.size > 0 ? Math.min(100, Math.round((item.loaded / item.file.size) * 100)) : item.status === 'done' ? 100 : 0;
              const active = item.status === 'uploading' || item.status === 'retrying';
              return (
                <li key={`${item.file.name}-${index}`} data-testid="media-upload-item" data-status={item.status}>
                  <span className="media-upload-name" title={item.file.name}>{item.file.name}</span>
                  <span className="muted">{formatSize(item.file.size)}</span>
                  <progress max={100} value={pct} aria-label={t.formatMessage({ id: 'media.progress' }, { name: item.file.name })} data-testid="media-upload-progress" />
                  <span className="media-upload-status" data-testid="media-upload-status">
                    {item.status === 'uploading' ? (
                      `${pct}%`
                    ) : item.status === 'retrying' ? (
                      <FormattedMessage id={item.offline ? 'media.status.offline' : 'media.status.retrying'} values={{ pct }} />
                    ) : (
                      <FormattedMessage id={`media.status.${item.status}`} />
                    )}
                  </span>
                  {active ? (
                    <button type="button" className="icon-button" data-testid="media-upload-cancel" aria-label={t.formatMessage({ id: 'media.cancelUpload' }, { name: item.file.name })} onClick={() => cancel(index)}>
                      <X aria-hidden="true" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <CheckField label={<FormattedMessage id="media.publicFile" />} checked={isPublic} onChange={setPublic} testId="media-upload-public" />
        <div className="field">
          <label className="field-label" htmlFor="media-upload-expiry">
            <FormattedMessage id="media.expiresAt" />
          </label>
          <input id="media-upload-expiry" type="datetime-local" data-testid="media-upload-expiry" min={toLocalInput(new Date())} value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          <RuleErrors messages={expiryErr} />
        </div>
        <MetadataEditor rows={meta} onChange={setMeta} />
        {failedMessage ? (
          <p className="form-error" role="alert" data-testid="media-upload-error">
            <Message value={failedMessage} />
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
          <button type="submit" className="button button-primary" data-testid="media-upload-start" disabled={running}>
            <FormattedMessage id="media.upload" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
