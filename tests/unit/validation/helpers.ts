import { compileField } from '../../../runtime/compile';
import type { FieldDraft } from '../../../runtime/components';
import type { ViewField } from '../../../schemas';
import { field, input } from '../compile/fixtures';

/** A compiled field from a draft (as the settings screen stores it). */
export const view = (draft: FieldDraft & { key?: string }): ViewField => compileField(field({ key: 'f', ...draft }), input());

export const create = { page: 'model_create' } as const;
export const edit = { page: 'model_edit' } as const;
