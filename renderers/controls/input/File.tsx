// input/file (spec sections 2 and 3): one file, or several when custom_data.multiple is on, from the
// library or the device (an external URL only when custom_data.chooseExternalSource is set); only
// the allowed extensions (custom_data.extensions). The value is a string path, or a list when multiple.
import { useIntl } from 'react-intl';
import { fileNameOf, readFileList } from '../../../runtime/media/mediaValues';
import { moduleTypeIs, rankWith, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import type { ChosenMedia } from '../media/chosen';
import { MediaChooser } from '../media/MediaChooser';
import { RemoveButton } from '../media/MediaPreview';
import { SourceMenu } from '../media/SourceMenu';
import { useMediaField } from '../media/useMediaField';
import { File as FileIcon } from '../../ui/icons';
import '../media/media.css';

export function FileControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id } = props;
  const multiple = field.options.customData.multiple === true;
  const media = useMediaField(props, 'file', multiple, null);
  const files = readFileList(value);
  const store = (next: string[]) => onChange(multiple ? next : (next[0] ?? null));
  const choose = (chosen: ChosenMedia[]) => {
    const paths = chosen.map((item) => item.localURL || item.publicURL);
    store(multiple ? [...files, ...paths.filter((path) => !files.includes(path))] : paths.slice(0, 1));
  };
  const extensions = media.request.extensions;
  return (
    <FieldFrame props={props} group>
      <div className="media-field media-file" id={id} data-testid={`media-file-${field.key}`} aria-invalid={props.errors.length > 0 || undefined}>
        {files.length ? (
          <ul className="media-files">
            {files.map((path, index) => (
              <li key={`${path}-${index}`} className="media-file-row">
                <FileIcon aria-hidden="true" />
                <a href={path} target="_blank" rel="noopener noreferrer" className="media-name" title={path}>
                  {fileNameOf(path)}
                </a>
                {media.sources.length > 0 ? <RemoveButton label={fileNameOf(path)} onRemove={() => store(files.filter((_, i) => i !== index))} testId={`media-remove-${field.key}-${index}`} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="media-empty muted">{intl.formatMessage({ id: multiple ? 'mediaWidgets.noFiles' : 'mediaWidgets.noFile' })}</p>
        )}
        <div className="media-actions">
          <SourceMenu sources={media.sources} onChoose={media.open} fieldKey={field.key} label={field.label || field.key} />
          {extensions.length && media.sources.length ? <small className="muted">{intl.formatMessage({ id: 'mediaWidgets.allowed' }, { extensions: extensions.join(', ') })}</small> : null}
        </div>
      </div>
      <MediaChooser source={media.source} request={media.request} onClose={media.close} onChosen={choose} />
    </FieldFrame>
  );
}

export const fileControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'file'));
