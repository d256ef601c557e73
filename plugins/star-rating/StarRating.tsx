// The star rating's control: a radio group of native radio inputs (visually hidden, each in the label
// that draws its star): Tab reaches it, the arrow keys move between the stars and choose (the browser's
// own radio keys), and a screen reader hears "3 / 5, radio, 3 of 5". No react-aria, so a form with a
// rating loads none (docs/benchmarks.md "The edit page (fifth pass)"). The list cell is in
// StarRatingCell.tsx (re-exported here).
import { Star, X } from '../../renderers/ui/icons';
import { useIntl } from 'react-intl';
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
        <div
          id={id}
          role="radiogroup"
          aria-label={field.label || field.key}
          aria-readonly={readOnly || undefined}
          aria-invalid={props.errors.length > 0 || undefined}
          className="star-rating-stars"
          data-testid="star-rating-stars"
        >
          {STARS.map((star) => (
            <label key={star} className="star-rating-star" data-readonly={readOnly || undefined}>
              <input
                type="radio"
                className="visually-hidden"
                name={field.key}
                value={star}
                aria-label={`${star} / ${RATING_MAX}`}
                checked={star === rating}
                onChange={() => !readOnly && onChange(star)}
              />
              <Star aria-hidden="true" size={22} className={star <= rating ? 'star-on' : 'star-off'} />
            </label>
          ))}
        </div>
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
