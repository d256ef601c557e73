// The Source dropdown of the image, file and carousel widgets (spec section 2 "Widget notes"):
// Choose from library, Choose from device, External source, as mediaSources allows. The light menu
// button (renderers/ui/MenuButton: the menu button pattern's keys), so the edit page loads no
// react-aria menu for it.
import { useIntl } from 'react-intl';
import type { MediaSource } from '../../../runtime/media/mediaSources';
import { ChevronDown } from '../../ui/icons';
import { MenuButton } from '../../ui/MenuButton';

const LABEL: Record<MediaSource, string> = {
  library: 'mediaWidgets.source.library',
  device: 'mediaWidgets.source.device',
  external: 'mediaWidgets.source.external',
};

export function SourceMenu({ sources, onChoose, fieldKey, label }: { sources: readonly MediaSource[]; onChoose: (source: MediaSource) => void; fieldKey: string; label: string }) {
  const intl = useIntl();
  if (sources.length === 0) return null;
  const source = intl.formatMessage({ id: 'mediaWidgets.source' });
  return (
    <MenuButton
      label={`${source}: ${label}`}
      icon={
        <>
          <span>{source}</span>
          <ChevronDown aria-hidden="true" />
        </>
      }
      className="button media-source"
      testId={`media-source-${fieldKey}`}
      items={sources.map((one) => ({ id: `media-source-${one}`, label: intl.formatMessage({ id: LABEL[one] }), action: () => onChoose(one) }))}
    />
  );
}
