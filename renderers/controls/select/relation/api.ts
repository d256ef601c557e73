// The relation select's reading of the related component (its ref and uuid, which searchOn fields are
// i18n, and its fields for the default label) and its list call (docs/lists.md), with an abort signal.
import type { FieldDefinition } from '../../../../schemas';
import type { ComponentModel } from '../../../../runtime/client/components';
import { listApi, type ListParams, type RecordPage } from '../../../../runtime/client/records';

export interface ForeignInfo {
  /** The refs a permission may name the component by: its ref and its uuid. */
  refs: string[];
  /** Fields stored as {locales}: searched on their locale path. */
  i18nKeys: Set<string>;
  /** The foreign component's fields (empty when its settings cannot be read). */
  fields: readonly FieldDefinition[];
}

const I18N = new Set(['input/text_i18n', 'text/editor_i18n']);

export function foreignInfo(foreign: string, model: ComponentModel | null): ForeignInfo {
  if (!model) return { refs: [foreign], i18nKeys: new Set(), fields: [] };
  const fields = model.settings?.fields ?? [];
  return {
    refs: [...new Set([foreign, model.ref, model.uuid].filter((ref): ref is string => typeof ref === 'string' && ref !== ''))],
    i18nKeys: new Set(fields.filter((f) => I18N.has(`${f.module}/${f.type}`)).map((f) => f.key)),
    fields,
  };
}

export function loadPage(foreign: string, params: ListParams, signal?: AbortSignal): Promise<RecordPage> {
  return listApi.list(foreign, params, signal);
}

export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}
