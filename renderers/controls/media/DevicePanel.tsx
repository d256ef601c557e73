// The chooser's device type: pick files, upload them into the field's library (custom_data
// defaultLibrary, else its first allowed library, else the first the caller may use) under subDir,
// public only for an image field whose publicUpload is on (spec sections 3 and 7), with progress per file.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { mediaFileUrl, IMAGE_EXTENSIONS } from '../../../runtime/api/media';
import { errorDisplay } from '../../../runtime/client/errorMessage';
import { hasAllowedExtension } from '../../../runtime/media/mediaValues';
import { useMessage } from '../../ui/Message';
import { showToast } from '../../ui/toast';
import type { ChooserRequest, ChosenMedia } from './chosen';
import { useMediaWidgets } from './MediaWidgetsContext';

interface Progress {
  name: string;
  percent: number;
}

async function targetLibrary(request: ChooserRequest, list: () => Promise<{ uuid: string }[]>): Promise<string | null> {
  const data = request.customData;
  if (typeof data.defaultLibrary === 'string' && data.defaultLibrary) return data.defaultLibrary;
  const allowed = Array.isArray(data.libraries) ? data.libraries.filter((uuid): uuid is string => typeof uuid === 'string' && uuid !== '') : [];
  if (allowed.length > 0) return allowed[0]!;
  return (await list())[0]?.uuid ?? null;
}

/** The folder under the library (custom_data subDir without its outer slashes), and whether the files are public. */
function uploadPlace(request: ChooserRequest, libraryUuid: string) {
  const subDir = typeof request.customData.subDir === 'string' ? request.customData.subDir.replace(/^\/+|\/+$/g, '') : '';
  return { libraryUuid, path: subDir, isPublic: request.kind === 'image' && request.customData.publicUpload === true, fieldKey: request.fieldKey };
}

/**
 * Uploads picked files with progress per file: refused at once when a file's extension is not allowed
 * or there is no room for them; cancelled by `cancel` or when the panel goes. Chosen media go to `onChosen`.
 */
function useDeviceUpload(request: ChooserRequest, extensions: readonly string[], onChosen: (chosen: ChosenMedia[]) => void) {
  const intl = useIntl();
  const message = useMessage();
  const services = useMediaWidgets();
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const refusal = (picked: File[]): string | null => {
    const refused = picked.find((file) => !hasAllowedExtension(file.name, extensions));
    if (refused) return intl.formatMessage({ id: 'mediaWidgets.extensionNotAllowed' }, { name: refused.name, extensions: extensions.join(', ') });
    if (request.room !== null && picked.length > request.room) return message('maxNrOfImagesExceeded');
    return null;
  };
  const fail = (cause: unknown) => {
    // Every byte sent but no answer (the resumable upload's UploadInBackground): the server goes on.
    if (cause instanceof Error && cause.name === 'UploadInBackground') showToast('mediaWidgets.uploadInBackground', 'info');
    else {
      const display = errorDisplay(cause);
      setError(display.kind === 'message' && display.messageKey !== 'unexpectedError' ? message(display.messageKey) : message('identityField.failedToUploadMediaFiles'));
    }
    setProgress([]);
  };
  const upload = async (picked: File[]) => {
    setError(null);
    if (picked.length === 0) return;
    const refused = refusal(picked);
    if (refused) return setError(refused);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(picked.map((file) => ({ name: file.name, percent: 0 })));
    try {
      const libraryUuid = await targetLibrary(request, services.libraries);
      if (!libraryUuid) {
        setError(intl.formatMessage({ id: 'mediaWidgets.noLibrary' }));
        setProgress([]);
        return;
      }
      const onProgress = (index: number, loaded: number, total: number) => setProgress((list) => list.map((p, i) => (i === index ? { ...p, percent: total ? Math.round((loaded / total) * 100) : 0 } : p)));
      const items = await services.upload(picked, uploadPlace(request, libraryUuid), { onProgress }, controller.signal);
      onChosen(items.map((item, i) => ({ localURL: mediaFileUrl(item.library_uuid || libraryUuid, item.key), publicURL: item.public_url ?? '', name: picked[i]?.name ?? item.key })));
    } catch (cause) {
      if (!controller.signal.aborted) fail(cause);
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };
  return { progress, error, upload, cancel: () => abort.current?.abort() };
}

export function DevicePanel({ request, onChosen }: { request: ChooserRequest; onChosen: (chosen: ChosenMedia[]) => void }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const extensions = request.kind === 'image' ? (request.extensions.length ? request.extensions : IMAGE_EXTENSIONS) : request.extensions;
  const { progress, error, upload, cancel } = useDeviceUpload(request, extensions, onChosen);
  const busy = progress.length > 0 && error === null;
  return (
    <div className="media-device" data-testid="media-device">
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        data-testid="media-device-input"
        multiple={request.multiple}
        accept={extensions.length ? extensions.map((ext) => `.${ext}`).join(',') : undefined}
        onChange={(event) => void upload(Array.from(event.target.files ?? []))}
      />
      <button type="button" className="button button-primary" disabled={busy} onClick={() => input.current?.click()} data-testid="media-device-choose">
        {intl.formatMessage({ id: request.multiple ? 'mediaWidgets.device.chooseMany' : 'mediaWidgets.device.choose' })}
      </button>
      {extensions.length ? <p className="muted">{intl.formatMessage({ id: 'mediaWidgets.allowed' }, { extensions: extensions.join(', ') })}</p> : null}
      {progress.length ? (
        <ul className="media-progress" aria-live="polite">
          {progress.map((p) => (
            <li key={p.name}>
              <span className="media-progress-name">{p.name}</span>
              <progress max={100} value={p.percent} aria-label={p.name} />
              <span>{p.percent}%</span>
            </li>
          ))}
        </ul>
      ) : null}
      {busy ? (
        <button type="button" className="button" onClick={cancel} data-testid="media-device-cancel">
          {intl.formatMessage({ id: 'mediaWidgets.cancelUpload' })}
        </button>
      ) : null}
      {error ? (
        <p className="media-error" role="alert" data-testid="media-device-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
