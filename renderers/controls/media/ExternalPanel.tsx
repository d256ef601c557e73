// The chooser's external type: an http(s) URL (nothing else is stored: the server refuses it too).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fileNameOf, isExternalUrl } from '../../../runtime/media/mediaValues';
import type { ChooserRequest, ChosenMedia } from './chosen';

export function ExternalPanel({ request, onChosen }: { request: ChooserRequest; onChosen: (chosen: ChosenMedia[]) => void }) {
  const intl = useIntl();
  const [url, setUrl] = useState('');
  const [error, setError] = useState(false);
  const add = () => {
    const text = url.trim();
    if (!isExternalUrl(text)) {
      setError(true);
      return;
    }
    onChosen([{ localURL: '', publicURL: text, name: fileNameOf(text) }]);
  };
  return (
    <form
      className="media-external"
      data-testid="media-external"
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        add();
      }}
    >
      <label className="field-label" htmlFor={`${request.fieldKey}-external-url`}>
        {intl.formatMessage({ id: request.kind === 'image' ? 'mediaWidgets.external.imageUrl' : 'mediaWidgets.external.fileUrl' })}
      </label>
      <div className="media-external-row">
        <input
          id={`${request.fieldKey}-external-url`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${request.fieldKey}-external-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(false);
          }}
          data-testid="media-external-url"
        />
        <button type="submit" className="button button-primary" data-testid="media-external-add">
          {intl.formatMessage({ id: 'mediaWidgets.external.add' })}
        </button>
      </div>
      {error ? (
        <p className="media-error" id={`${request.fieldKey}-external-error`} role="alert">
          {intl.formatMessage({ id: 'mediaWidgets.external.invalid' })}
        </p>
      ) : null}
    </form>
  );
}
