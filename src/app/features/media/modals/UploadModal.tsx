// Upload (spec sections 3, 4, 5 and 8): files, the public flag (private by default), an expiry not in
// the past, metadata. Each file runs its own upload machine (uploadQueue.ts: validating, uploading
// with progress or retrying after a dropped connection, done, failed, cancelled, background), so each
// has its progress and its cancel. A failure shows the server's message or
// identityField.failedToUploadMediaFiles (a 5xx opens the server-error modal); an upload whose result
// did not come back says it continues in the background. The files are sent on Upload, with the options
// below them (the hint says so once files are chosen); closing the dialog mid-upload lets the upload go on
// and the listing is refreshed when it ends, with its toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { X } from '../../../../../renderers/ui/icons';
import { showToast } from '../../../../../renderers/ui/toast';
import { invalidateFiles } from '../data';
import { CheckField, ExpiryField, MetadataEditor, ModalActions, RuleErrors, useRulesSubmit, type MetaRow } from '../fields';
import { expiryErrors, formatSize, metadataOf, toLocalInput } from '../rules';
import { useUploadQueue, type UploadItem } from './uploadQueue';

export function UploadModal({ libraryUuid, dir, onClose }: { libraryUuid: string; dir: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const queue = useUploadQueue();
  const [isPublic, setPublic] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [meta, setMeta] = useState<MetaRow[]>([]);
  const [running, setRunning] = useState(false);
  const expiryErr = expiryErrors(expiry, new Date());
  // Once closed, the upload goes on; what it ends with must not close a dialog opened since.
  const open = useRef(true);
  useEffect(() => () => void (open.current = false), []);

  const send = async () => {
    setRunning(true);
    const outcomes = await queue.runAll({ libraryUuid, path: dir, isPublic, expiresAt: expiry ? new Date(expiry).toISOString() : null, metadata: metadataOf(meta) });
    if (open.current) setRunning(false);
    await invalidateFiles(queryClient, libraryUuid);
    if (outcomes.includes('background')) showToast('media.uploadInBackground', 'info');
    if (!outcomes.includes('failed')) {
      if (outcomes.includes('done')) showToast('media.uploaded', 'success');
      if (open.current) onClose();
    } else if (!open.current) showToast('identityField.failedToUploadMediaFiles', 'danger');
  };
  const close = () => {
    if (running) showToast('media.uploadInBackground', 'info');
    onClose();
  };
  const { touched, submit } = useRulesSubmit(queue.items.length > 0 && expiryErr.length === 0, () => void send());
  const failedMessage = queue.items.find((i) => i.status === 'failed')?.error;
  const ready = queue.items.filter((i) => i.status === 'waiting').length;

  return (
    <Dialog open wide title={<FormattedMessage id="media.upload" />} onClose={close} testId="media-upload-modal">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="media-upload-files">
            <FormattedMessage id="media.files" />
          </label>
          <input id="media-upload-files" type="file" multiple data-testid="media-upload-input" disabled={running} onChange={(e) => queue.choose(Array.from(e.target.files ?? []))} />
          {touched && queue.items.length === 0 ? <RuleErrors messages={[{ key: 'fieldRequired' }]} /> : null}
          {ready > 0 && !running ? (
            <small className="muted" data-testid="media-upload-ready">
              <FormattedMessage id="media.uploadReady" values={{ count: ready }} />
            </small>
          ) : null}
        </div>
        {queue.items.length > 0 ? (
          <ul className="media-upload-list" data-testid="media-upload-list">
            {queue.items.map((item, index) => (
              <UploadRow key={`${item.file.name}-${index}`} item={item} onCancel={() => queue.cancel(index)} />
            ))}
          </ul>
        ) : null}
        <CheckField label={<FormattedMessage id="media.publicFile" />} checked={isPublic} onChange={setPublic} testId="media-upload-public" />
        <ExpiryField id="media-upload-expiry" value={expiry} onChange={setExpiry} errors={expiryErr} min={toLocalInput(new Date())} />
        <MetadataEditor rows={meta} onChange={setMeta} />
        {failedMessage ? (
          <p className="form-error" role="alert" data-testid="media-upload-error">
            <Message value={failedMessage} />
          </p>
        ) : null}
        <ModalActions closeLabel="common.close" onClose={close} submitLabel="media.upload" submitTestId="media-upload-start" pending={running} />
      </form>
    </Dialog>
  );
}

/** One file's row: name, size, progress, status, and its cancel while it runs. */
function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const t = useIntl();
  const pct = item.file.size > 0 ? Math.min(100, Math.round((item.loaded / item.file.size) * 100)) : item.status === 'done' ? 100 : 0;
  const active = item.status === 'uploading' || item.status === 'retrying';
  return (
    <li data-testid="media-upload-item" data-status={item.status}>
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
        <button type="button" className="icon-button" data-testid="media-upload-cancel" aria-label={t.formatMessage({ id: 'media.cancelUpload' }, { name: item.file.name })} onClick={onCancel}>
          <X aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}
