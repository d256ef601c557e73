// Loading what a record screen needs: the component's settings for the request environment, the
// caller's permissions, and the view schema compiled from both for the page.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RolePermissions } from '../../runtime/api/contract';
import { compileViewSchema } from '../../runtime/compile';
import { isLocale } from '../../runtime/i18n';
import { hasPermission } from '../../runtime/permissions/hasPermission';
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { componentSettingsQueryOptions } from '../data/components';
import { type ComponentModel } from '../../runtime/client/components';
import { rolePermissionsQueryOptions } from '../data/queries';
import { environmentStore, localeStore } from '../ui/prefs';
import { useStore } from '../ui/store';
import type { FormPage } from '../registry/types';

export interface RecordPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Dev environment and 'settings {ref}': the floating settings button and the fields panel. */
  settings: boolean;
  /** 'settings {ref}' in any environment: presets are saved through the settings update. */
  presets: boolean;
}

/** Role uuids when the permissions answer carries them (roles: string[] or {uuid}[]); else none. */
export function roleUuidsOf(permissions: RolePermissions): string[] {
  const roles = (permissions as RolePermissions & { roles?: unknown }).roles;
  if (!Array.isArray(roles)) return [];
  return roles.flatMap((r) => (typeof r === 'string' ? [r] : r && typeof r === 'object' && typeof (r as { uuid?: unknown }).uuid === 'string' ? [(r as { uuid: string }).uuid] : []));
}

export function recordPermissions(permissions: RolePermissions | undefined, ref: string, env: string): RecordPermissions {
  if (!permissions) return { create: false, update: false, delete: false, settings: false, presets: false };
  return {
    create: hasPermission(permissions, 'create', ref),
    update: hasPermission(permissions, 'update', ref) || hasPermission(permissions, 'edit', ref),
    delete: hasPermission(permissions, 'delete', ref),
    settings: env === 'dev' && hasPermission(permissions, 'settings', ref),
    presets: hasPermission(permissions, 'settings', ref),
  };
}

export function compileFor(model: ComponentModel, permissions: RolePermissions, locale: string, page: FormPage): ViewSchema {
  return compileViewSchema(model.settings, {
    component: { uuid: model.uuid, ref: model.ref, name: model.name, label: model.label },
    locale: isLocale(locale) ? locale : 'en_US',
    roles: roleUuidsOf(permissions),
    isAdmin: permissions.is_admin,
    page,
  });
}

export function useRecordView(ref: string, page: FormPage) {
  const locale = useStore(localeStore);
  const env = useStore(environmentStore);
  // The settings screen may have changed the fields since they were cached: refetch on each visit,
  // never on focus (a new answer recompiles the view and starts the form over).
  const settings = useQuery({ ...componentSettingsQueryOptions(ref, null), staleTime: 0, refetchOnWindowFocus: false });
  const permissions = useQuery(rolePermissionsQueryOptions());
  const view = useMemo(
    () => (settings.data && permissions.data ? compileFor(settings.data, permissions.data, locale, page) : null),
    [settings.data, permissions.data, locale, page],
  );
  const componentRef = settings.data?.ref ?? ref;
  return {
    locale,
    settings,
    permissions,
    view,
    may: recordPermissions(permissions.data, componentRef, env),
    error: settings.error ?? permissions.error,
  };
}

/** A custom template entrypoint replaces the default form unless it is empty or 'default'. */
export function customEntrypoint(given: string | null | undefined, fromSettings: string | null | undefined): string | null {
  const entry = (given ?? fromSettings ?? '').trim();
  return entry === '' || entry === 'default' ? null : entry;
}
