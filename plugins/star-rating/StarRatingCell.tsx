// The star rating's list cell: the stars the record holds, as one image named "3 / 5". Apart from the
// control (StarRating.tsx) so the record list loads no react-aria for it.
import { Star } from '../../renderers/ui/icons';
import type { CellProps } from '../../renderers/plugin';
import { RATING_MAX } from './type';
import './star-rating.css';

export const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

export const ratingOf = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

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
