import { compileViewSchema } from '../../../runtime/compile';
import type { ViewSchema } from '../../../schemas';
import { field, input, settingsWith } from '../compile/fixtures';

/** A view with a text, a number, a hidden, a hashed, an i18n, a date and a bool field (viewer holds no role). */
export function sampleView(isAdmin = false): ViewSchema {
  return compileViewSchema(
    settingsWith([
      field({ key: 'title', module: 'input', type: 'text' }),
      field({ key: 'price', module: 'input', type: 'number' }),
      field({ key: 'secret', module: 'input', type: 'text', roles: { see: ['insider'], edit: null } }),
      field({ key: 'password', module: 'input', type: 'password', constraints: { hashed: true } }),
      field({ key: 'name', module: 'input', type: 'text_i18n' }),
      field({ key: 'published', module: 'picker', type: 'date' }),
      field({ key: 'active', module: 'checkbox', type: 'bool' }),
    ]),
    input({ isAdmin, page: 'model_edit' }),
  );
}

/** A view with daterange fields: a visible one, one the viewer may not see, a multiple one, and a date and a text field. */
export function rangeView(isAdmin = false): ViewSchema {
  return compileViewSchema(
    settingsWith([
      field({ key: 'stay', module: 'picker', type: 'daterange' }),
      field({ key: 'hidden_stay', module: 'picker', type: 'daterange', roles: { see: ['insider'], edit: null } }),
      field({ key: 'published', module: 'picker', type: 'date' }),
      field({ key: 'title', module: 'input', type: 'text' }),
      field({ key: 'name', module: 'input', type: 'text_i18n' }),
    ]),
    input({ isAdmin, page: 'model_edit' }),
  );
}
