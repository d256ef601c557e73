// The star rating's control and list cell. The control is a radio group (react-aria-components): Tab
// reaches it, the arrow keys move between the stars and choose, and a screen reader hears "3, radio,
// 3 of 5". The cell draws the stars the record holds.
import { Star, X } from '../../renderers/ui/icons';
import { useIntl } from 'react-intl';
import { Radio, RadioGroup } from 'react-aria-components';
import { FieldFrame } from '../../renderers/controls/shared/FieldFrame';
import type { CellProps, ControlProps } from '../../renderers/plugin';
import { RATING_MAX } from './type';
import './star-rating.css';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

const ratingOf = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

export function StarRatingControl(props: ControlProps) {
  const { field, value, onChange, readOnly, id } = props;
  const intl = useIntl();
  const rating = ratingOf(value);
  return (
    <FieldFrame props={props} group>
      <div className="star-rating">
        <RadioGroup
          id={id}
          name={field.key}
          aria-label={field.label || field.key}
          orientation="horizontal"
          className="star-rating-stars"
          data-testid="star-rating-stars"
          value={rating > 0 ? String(rating) : null}
          onChange={(next) => onChange(Number(next))}
          isReadOnly={readOnly}
          isInvalid={props.errors.length > 0}
        >
          {STARS.map((star) => (
            <Radio key={star} value={String(star)} aria-label={`${star} / ${RATING_MAX}`} className="star-rating-star">
              <Star aria-hidden="true" size={22} className={star <= rating ? 'star-on' : 'star-off'} />
            </Radio>
          ))}
        </RadioGroup>
        {rating > 0 && !readOnly ? (
          <button
            type="button"
            className="icon-button"
            data-testid={`star-rating-clear-${field.key}`}
            title={intl.formatMessage({ id: 'picker.clear' })}
            aria-label={intl.formatMessage({ id: 'picker.clear' })}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" size={16} />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export function StarRatingCell({ value }: CellProps) {
  if (value === null || value === undefined) return null;
  const rating = ratingOf(value);
  return (
    <span className="star-rating-cell" role="img" aria-label={`${rating} / ${RATING_MAX}`} data-testid="star-rating-cell">
      {STARS.map((star) => (
        <Star key={star} aria-hidden="true" size={14} className={star <= rating ? 'star-on' : 'star-off'} />
      ))}
    </span>
  );
}
