// The media chooser modal (spec section 4 "Media chooser modal types: library, device, external"),
// opened by the Source dropdown in the type chosen there.
import { useIntl } from 'react-intl';
import type { MediaSource } from '../../../runtime/media/mediaSources';
import { LazyDialog } from '../../ui/LazyDialogs';
import type { ChooserRequest, ChosenMedia } from './chosen';
import { DevicePanel } from './DevicePanel';
import { ExternalPanel } from './ExternalPanel';
import { LibraryPanel } from './LibraryPanel';

const TITLE: Record<MediaSource, string> = {
  library: 'mediaWidgets.source.library',
  device: 'mediaWidgets.source.device',
  external: 'mediaWidgets.source.external',
};

export function MediaChooser({ source, request, onClose, onChosen }: { source: MediaSource | null; request: ChooserRequest; onClose: () => void; onChosen: (chosen: ChosenMedia[]) => void }) {
  const intl = useIntl();
  const choose = (chosen: ChosenMedia[]) => {
    if (chosen.length === 0) return;
    onChosen(chosen);
    onClose();
  };
  return (
    <LazyDialog
      open={source !== null}
      title={source ? intl.formatMessage({ id: TITLE[source] }) : ''}
      onClose={onClose}
      wide={source === 'library'}
      testId="media-chooser"
      actions={
        <button type="button" className="button" onClick={onClose} data-testid="media-chooser-close">
          {intl.formatMessage({ id: 'mediaWidgets.close' })}
        </button>
      }
    >
      {/* The modal is a portal, but React bubbles its events along the component tree: a form inside
          it (the URL, the browser's search) would otherwise submit the record form around the widget. */}
      <div className="media-chooser-body" onSubmit={(event) => event.stopPropagation()}>
        {source === 'library' ? <LibraryPanel request={request} onChosen={choose} /> : null}
        {source === 'device' ? <DevicePanel request={request} onChosen={choose} /> : null}
        {source === 'external' ? <ExternalPanel request={request} onChosen={choose} /> : null}
      </div>
    </LazyDialog>
  );
}
