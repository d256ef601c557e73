// The Source dropdown of the image, file and carousel widgets (spec section 2 "Widget notes"):
// Choose from library, Choose from device, External source, as mediaSources allows.
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { MediaSource } from '../../../runtime/media/mediaSources';
import { ChevronDown } from '../../ui/icons';

const LABEL: Record<MediaSource, string> = {
  library: 'mediaWidgets.source.library',
  device: 'mediaWidgets.source.device',
  external: 'mediaWidgets.source.external',
};

export function SourceMenu({ sources, onChoose, fieldKey, label }: { sources: readonly MediaSource[]; onChoose: (source: MediaSource) => void; fieldKey: string; label: string }) {
  const intl = useIntl();
  if (sources.length === 0) return null;
  return (
    <MenuTrigger>
      <Button className="button media-source" data-testid={`media-source-${fieldKey}`} aria-label={`${intl.formatMessage({ id: 'mediaWidgets.source' })}: ${label}`}>
        <span>{intl.formatMessage({ id: 'mediaWidgets.source' })}</span>
        <ChevronDown aria-hidden="true" />
      </Button>
      <Popover className="list-popover" placement="bottom start">
        <Menu className="list-menu" onAction={(key) => onChoose(key as MediaSource)}>
          {sources.map((source) => (
            <MenuItem key={source} id={source} className="list-menu-item" data-testid={`media-source-${source}`} textValue={intl.formatMessage({ id: LABEL[source] })}>
              {intl.formatMessage({ id: LABEL[source] })}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
