// input/image and input/imagev2 (spec sections 2 and 3): one image from the Source dropdown's
// library, device or external URL. image v2 stores {localURL, publicURL}; the old input/image stores
// the string path '/media/library/{library_uuid}/get/{key}' (or the external URL), and an old string
// held by an image v2 field is still read and shown.
import { useIntl } from 'react-intl';
import { fileNameOf, imageSrc, readImageValue } from '../../../runtime/media/mediaValues';
import { moduleTypeIs, or, rankWith, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import type { ChosenMedia } from '../media/chosen';
import { MediaChooser } from '../media/MediaChooser';
import { ImageThumb, RemoveButton } from '../media/MediaPreview';
import { SourceMenu } from '../media/SourceMenu';
import { useMediaField } from '../media/useMediaField';
import '../media/media.css';

export function ImageControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly } = props;
  const media = useMediaField(props, 'image', false, null);
  const image = readImageValue(value);
  const v2 = field.type === 'imagev2';
  const choose = ([first]: ChosenMedia[]) => {
    if (!first) return;
    onChange(v2 ? { localURL: first.localURL, publicURL: first.publicURL } : first.localURL || first.publicURL);
  };
  const label = field.label || field.key;
  return (
    <FieldFrame props={props} group>
      <div className="media-field media-image" id={id} data-testid={`media-image-${field.key}`} aria-invalid={props.errors.length > 0 || undefined}>
        {image ? (
          <figure className="media-figure">
            <ImageThumb image={image} className="media-image-preview" />
            <figcaption className="media-caption">
              <span className="media-name" title={imageSrc(image)}>{fileNameOf(imageSrc(image))}</span>
              {!readOnly && media.sources.length > 0 ? <RemoveButton label={fileNameOf(imageSrc(image))} onRemove={() => onChange(null)} testId={`media-remove-${field.key}`} /> : null}
            </figcaption>
          </figure>
        ) : (
          <p className="media-empty muted">{intl.formatMessage({ id: 'mediaWidgets.noImage' })}</p>
        )}
        <SourceMenu sources={media.sources} onChoose={media.open} fieldKey={field.key} label={label} />
      </div>
      <MediaChooser source={media.source} request={media.request} onClose={media.close} onChosen={choose} />
    </FieldFrame>
  );
}

export const imageControlTester = rankWith(RANK.exact, or(moduleTypeIs('input', 'image'), moduleTypeIs('input', 'imagev2')));
