// Upload (spec sections 3 and 5): files, the public flag (private by default), an expiry not in the
// past, metadata; progress per file with cancel. A failure shows the server's message or
// identityField.failedToUploadMediaFiles; an answer without a result says the upload continues in the
// background (spec section 4).
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { X } from '../../../../../renderers/ui/icons';
import { showToast } from '../../../../../renderers/ui/toast';
import { invalidateFiles } from '../data';
import { mediaErrorMessage } from '../errors';
import { CheckField, MetadataEditor, type MetaRow } from '../fields';
import { RuleErrors } from '../fields';
import { expiryErrors, formatSize, metadataOf, toLocalInput } from '../rules';
import { uploadOne } from '../upload';

type Status = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

interface Item {
  file: File;
  loaded: number;
  status: Status;
  error?: string;
}

const FAILED = 'identityField.failedToUploadMediaFiles';

export function UploadModal({ libraryUuid, dir, onClose }: { libraryUuid: string; dir: string; onClose: () => void }) {
  const t = useIntl();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [isPublic, setPublic] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [meta, setMeta] = useState<MetaRow[]>([]);
  const [running, setRunning] = useState(false);
  const [touched, setTouched] = useState(false);
  const controllers = useRef(new Map<number, AbortController>());
  const expiryErr = expiryErrors(expiry, new Date());

  const patch = (index: number, change: Partial<Item>) => setItems((list) => list.map((it, i) => (i === index ? { ...it, ...change } : it)));

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (items.length === 0 || expiryErr.length > 0) {
      showToast('someFieldsAreNotValid', 'danger');
      return;
    }
    setRunning(true);
    const target = { libraryUuid, path: dir, isPublic, expiresAt: expiry ? new Date(expiry).toISOString() : null, metadata: metadataOf(meta) };
    let background = false;
    let failure: string | null = null;
    await Promise.all(
      items.map(async (item, index) => {
        if (item.status === 'done' || item.status === 'cancelled') return;
        const controller = new AbortController();
        controllers.current.set(index, controller);
        patch(index, { status: 'uploading', loaded: 0, error: undefined });
        try {
          const result = await uploadOne(item.file, target, (loaded) => patch(index, { loaded }), controller.signal);
          if (result === undefined || result === null || result === '') background = true;
          patch(index, { status: 'done', loaded: item.file.size });
        } catch (error) {
          if (controller.signal.aborted) {
            patch(index, { status: 'cancelled' });
            return;
          }
          const message = mediaErrorMessage(error, FAILED) ?? FAILED;
          failure ??= message;
          patch(index, { status: 'failed', error: message });
        } finally {
          controllers.current.delete(index);
        }
      }),
    );
    setRunning(false);
    await invalidateFiles(queryClient, libraryUuid);
    if (background) showToast('media.uploadInBackground', 'info');
    if (failure === null) {
      showToast('media.uploaded', 'success');
      onClose();
    }
  };

  const cancel = (index: number) => controllers.current.get(index)?.abort();
  const close = () => {
    for (const c of controllers.current.values()) c.abort();
    onClose();
  };
  const failedMessage = items.find((i) => i.status === 'failed')?.error;

  return (
    <Dialog open wide title={<FormattedMessage id="media.upload" />} onClose={close} testId="media-upload-modal">
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
              return (
                <li key={`${item.file.name}-${index}`} data-testid="media-upload-item" data-status={item.status}>
                  <span className="media-upload-name" title={item.file.name}>{item.file.name}</span>
                  <span className="muted">{formatSize(item.file.size)}</span>
                  <progress max={100} value={pct} aria-label={t.formatMessage({ id: 'media.progress' }, { name: item.file.name })} data-testid="media-upload-progress" />
                  <span className="media-upload-status" data-testid="media-upload-status">
                    {item.status === 'uploading' ? `${pct}%` : <FormattedMessage id={`media.status.${item.status}`} />}
                  </span>
                  {item.status === 'uploading' ? (
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
          <input
            id="media-upload-expiry"
            type="datetime-local"
            data-testid="media-upload-expiry"
            min={toLocalInput(new Date())}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
          <RuleErrors messages={expiryErr} />
        </div>
        <MetadataEditor rows={meta} onChange={setMeta} />
        {failedMessage ? (
          <p className="form-error" role="alert" data-testid="media-upload-error">
            <Message value={failedMessage} />
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
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
