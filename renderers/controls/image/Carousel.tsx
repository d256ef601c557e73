// image/carousel (spec sections 2, 3 and 5): up to max_images (5) images shown width x height (1024 x
// 480) with previous/next controls and an interval (0: no auto-play); the Source dropdown adds
// images, Clear removes all after the clearAllImages confirmation. Adding more than max_images is
// refused with the maxNrOfImagesExceeded message (not a field error: what is held may be saved); the required rule (maxNrOfImages) is the validation plan's.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fileNameOf, imageSrc, readImageList, type ImageValue } from '../../../runtime/media/mediaValues';
import { moduleTypeIs, rankWith, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { LazyDialog } from '../../ui/LazyDialogs';
import { ChevronLeft, ChevronRight } from '../../ui/icons';
import { FieldFrame } from '../shared/FieldFrame';
import type { ChosenMedia } from '../media/chosen';
import { MediaChooser } from '../media/MediaChooser';
import { ImageThumb, RemoveButton } from '../media/MediaPreview';
import { SourceMenu } from '../media/SourceMenu';
import { useMediaField } from '../media/useMediaField';
import '../media/media.css';

const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);

/** The slide shown (kept within the images), stepping round, and auto-play when `interval` > 0. */
function useSlides(count: number, interval: number) {
  const [current, setCurrent] = useState(0);
  const shown = Math.min(current, Math.max(0, count - 1));
  // Auto-play: one timeout per slide shown, so a slide the user moved to gets its whole interval.
  useEffect(() => {
    if (!interval || count < 2) return;
    const timer = setTimeout(() => setCurrent((shown + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [interval, count, shown]);
  return { shown, show: setCurrent, step: (by: number) => setCurrent((shown + by + count) % count) };
}

type Slides = ReturnType<typeof useSlides>;

/** The stage: the image shown at width x height, previous/next (unless custom_data.controls is false) and the count. */
function CarouselStage({ images, slides, label, width, height, controls }: { images: ImageValue[]; slides: Slides; label: string; width: number; height: number; controls: boolean }) {
  const intl = useIntl();
  const { shown, step } = slides;
  return (
    <div
      className={`carousel-stage${images.length ? '' : ' carousel-stage-empty'}`}
      // Empty, the stage keeps the width but not the height: a 480 px grey box says nothing.
      style={images.length ? { aspectRatio: `${width} / ${height}`, maxWidth: `${width}px` } : { maxWidth: `${width}px` }}
      aria-roledescription="carousel"
      aria-label={label}
    >
      {images.length ? <ImageThumb image={images[shown]!} className="carousel-slide" /> : <p className="media-empty muted">{intl.formatMessage({ id: 'mediaWidgets.noImages' })}</p>}
      {controls && images.length > 1 ? (
        <>
          <button type="button" className="carousel-control carousel-prev" aria-label={intl.formatMessage({ id: 'mediaWidgets.previous' })} onClick={() => step(-1)} data-testid="carousel-prev">
            <ChevronLeft aria-hidden="true" />
          </button>
          <button type="button" className="carousel-control carousel-next" aria-label={intl.formatMessage({ id: 'mediaWidgets.next' })} onClick={() => step(1)} data-testid="carousel-next">
            <ChevronRight aria-hidden="true" />
          </button>
        </>
      ) : null}
      {images.length ? (
        <span className="carousel-count" aria-live="polite" data-testid="carousel-count">
          {shown + 1} / {images.length}
        </span>
      ) : null}
    </div>
  );
}

/** A thumbnail per image that shows it, each with a remove button when the field is editable. */
function CarouselThumbs({ images, slides, fieldKey, onRemove }: { images: ImageValue[]; slides: Slides; fieldKey: string; onRemove: ((index: number) => void) | null }) {
  const intl = useIntl();
  if (!images.length) return null;
  return (
    <ol className="carousel-thumbs">
      {images.map((image, index) => (
        <li key={`${imageSrc(image)}-${index}`} className={index === slides.shown ? 'current' : undefined}>
          <button type="button" className="carousel-thumb" aria-current={index === slides.shown || undefined} aria-label={intl.formatMessage({ id: 'mediaWidgets.showImage' }, { n: index + 1, total: images.length })} onClick={() => slides.show(index)}>
            <ImageThumb image={image} />
          </button>
          {onRemove ? <RemoveButton label={fileNameOf(imageSrc(image))} onRemove={() => onRemove(index)} testId={`media-remove-${fieldKey}-${index}`} /> : null}
        </li>
      ))}
    </ol>
  );
}

function ClearConfirm({ open, onCancel, onClear }: { open: boolean; onCancel: () => void; onClear: () => void }) {
  const intl = useIntl();
  return (
    <LazyDialog
      open={open}
      title={intl.formatMessage({ id: 'areYouSure' })}
      onClose={onCancel}
      testId="media-clear-confirm"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {intl.formatMessage({ id: 'mediaWidgets.cancel' })}
          </button>
          <button type="button" className="button button-primary danger-fill" data-testid="media-clear-yes" onClick={onClear}>
            {intl.formatMessage({ id: 'mediaWidgets.clear' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'clearAllImages' })}</p>
    </LazyDialog>
  );
}

export function CarouselControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id } = props;
  const data = field.options.customData;
  const max = positive(data.max_images, 5);
  const interval = typeof data.interval === 'number' && data.interval > 0 ? data.interval : 0;
  const images = readImageList(value);
  const media = useMediaField(props, 'image', true, Math.max(0, max - images.length));
  const slides = useSlides(images.length, interval);
  const [confirmClear, setConfirmClear] = useState(false);
  // Refusing one more image is a message, not a field error: the value held is fine and may be saved.
  const [exceeded, setExceeded] = useState(false);

  const store = (next: ImageValue[]) => {
    setExceeded(false);
    onChange(next.length ? next : null);
  };
  const add = (chosen: ChosenMedia[]) => {
    if (images.length + chosen.length > max) {
      setExceeded(true);
      return;
    }
    store([...images, ...chosen.map(({ localURL, publicURL }) => ({ localURL, publicURL }))]);
    slides.show(images.length);
  };
  const editable = media.sources.length > 0;
  const label = field.label || field.key;

  return (
    <FieldFrame props={props} group>
      <div className="media-field media-carousel" id={id} data-testid={`media-carousel-${field.key}`} aria-invalid={props.errors.length > 0 || undefined}>
        <CarouselStage images={images} slides={slides} label={label} width={positive(data.width, 1024)} height={positive(data.height, 480)} controls={data.controls !== false} />
        <CarouselThumbs images={images} slides={slides} fieldKey={field.key} onRemove={editable ? (index) => store(images.filter((_, i) => i !== index)) : null} />
        {editable ? (
          <div className="media-actions">
            <SourceMenu sources={media.sources} onChoose={(source) => (images.length >= max ? setExceeded(true) : media.open(source))} fieldKey={field.key} label={label} />
            <button type="button" className="button" disabled={images.length === 0} onClick={() => setConfirmClear(true)} data-testid={`media-clear-${field.key}`}>
              {intl.formatMessage({ id: 'mediaWidgets.clear' })}
            </button>
            <small className="muted">{intl.formatMessage({ id: 'mediaWidgets.count' }, { count: images.length, max })}</small>
          </div>
        ) : null}
        {exceeded ? (
          <p className="media-error" role="alert" data-testid={`media-exceeded-${field.key}`}>
            {intl.formatMessage({ id: 'maxNrOfImagesExceeded' })}
          </p>
        ) : null}
      </div>
      <MediaChooser source={media.source} request={media.request} onClose={media.close} onChosen={add} />
      <ClearConfirm
        open={confirmClear}
        onCancel={() => setConfirmClear(false)}
        onClear={() => {
          setConfirmClear(false);
          store([]);
          slides.show(0);
        }}
      />
    </FieldFrame>
  );
}

export const carouselControlTester = rankWith(RANK.exact, moduleTypeIs('image', 'carousel'));
