// The example plugin (docs/custom-renderers.md): a new field type input/rating, an integer 0..5,
// with a keyboard-accessible star control for the forms and stars for the record list.
// This file loads with every page (the app imports the enabled plugins at start), so it imports only
// renderers/plugin (testers and the lazy entries); the control (StarRating.tsx) and the cell
// (StarRatingCell.tsx) are imported when a form or a list first draws a rating field.
import { lazyCell, lazyControl, moduleTypeIs, RANK, rankWith, type RendererPlugin } from '../../renderers/plugin';
import { fieldTypes } from './type';

const isRating = rankWith(RANK.exact, moduleTypeIs('input', 'rating'));

export const plugin: RendererPlugin = {
  name: 'star-rating',
  fieldTypes,
  controls: [lazyControl('input/rating (star rating)', isRating, () => import('./StarRating').then((m) => m.StarRatingControl))],
  cells: [lazyCell('input/rating (stars)', isRating, () => import('./StarRatingCell').then((m) => m.StarRatingCell))],
};
