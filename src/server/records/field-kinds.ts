// Which of the write checks that read the database a view needs (records.checkWrite): relation,
// date-time or range, and media fields. Worked out once per compiled view, since an import checks
// each of its rows with the same view and most views hold none of them.
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import { MEDIA_RENDERERS } from '../../../runtime/media/mediaValues';

export interface FieldKinds {
  relation: boolean;
  dates: boolean;
  media: boolean;
}

const kindsOf = new WeakMap<readonly ViewField[], FieldKinds>();
/** Whether a view has relation, date-time or range, and media fields (the checks that read the database). */
export function fieldKinds(view: ViewSchema): FieldKinds {
  let kinds = kindsOf.get(view.fields);
  if (!kinds) {
    kinds = {
      relation: view.fields.some((field) => field.relation),
      dates: view.fields.some((field) => field.renderer === 'picker/daterange' || field.renderer === 'picker/datetime'),
      media: view.fields.some((field) => MEDIA_RENDERERS.has(field.renderer)),
    };
    kindsOf.set(view.fields, kinds);
  }
  return kinds;
}
