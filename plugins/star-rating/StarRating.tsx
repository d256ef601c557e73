// The star rating's control: a radio group (react-aria-components): Tab reaches it, the arrow keys move
// between the stars and choose, and a screen reader hears "3, radio, 3 of 5". The list cell is in
// StarRatingCell.tsx (re-exported here), so a list loads the stars without react-aria.
import { Star, X } from '../../renderers/ui/icons';
import { useIntl } from 'react-intl';
import { Radio, RadioGroup } from 'react-aria-components';
import { FieldFrame } from '../../renderers/controls/shared/FieldFrame';
import type { ControlProps } from '../../renderers/plugin';
import { RATING_MAX } from './type';
import { ratingOf, STARS } from './StarRatingCell';
import './star-rating.css';

export { StarRatingCell } from './StarRatingCell';

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
