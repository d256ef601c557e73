// The relation select's calls: the caller's permissions and the foreign component's settings (for
// its ref, uuid, which searchOn fields are i18n, and its first text field as the default label) through the query client when there is one, and
// the list pages (docs/lists.md) straight from the main client, each with its own abort signal.
import type { QueryClient } from '@tanstack/react-query';
import type { RolePermissions } from '../../../../runtime/api/contract';
import type { FieldDefinition } from '../../../../schemas';
import { componentsApi, type ComponentModel } from '../../../../runtime/client/components';
import { componentSettingsQueryOptions } from '../../../data/components';
import { rolePermissionsQueryOptions } from '../../../data/queries';
import { listApi, type ListParams, type RecordPage } from '../../../../runtime/client/records';
import { mainClient } from '../../../../runtime/client/clients';

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

export async function loadPermissions(client: QueryClient | undefined): Promise<RolePermissions> {
  if (client) return client.fetchQuery(rolePermissionsQueryOptions());
  return mainClient.get<RolePermissions>('/v1/user/role/permissions');
}

/** The foreign settings, or null when they cannot be read (the search then uses plain paths). */
export async function loadForeign(client: QueryClient | undefined, foreign: string): Promise<ComponentModel | null> {
  try {
    if (client) return await client.fetchQuery({ ...componentSettingsQueryOptions(foreign, null), retry: false });
    return await componentsApi.settings(foreign, null);
  } catch {
    return null;
  }
}

export function loadPage(foreign: string, params: ListParams, signal?: AbortSignal): Promise<RecordPage> {
  return listApi.list(foreign, params, signal);
}

export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}
