// The example plugin (docs/custom-renderers.md): a new field type input/rating, an integer 0..5,
// with a keyboard-accessible star control for the forms and stars for the record list.
import type { RendererPlugin } from '../../renderers';
import { starRatingCell, starRatingControl } from './StarRating';
import { fieldTypes } from './type';

export const plugin: RendererPlugin = {
  name: 'star-rating',
  fieldTypes,
  controls: [starRatingControl],
  cells: [starRatingCell],
};
