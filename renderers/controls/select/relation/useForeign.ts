// The related component's settings and the caller's permissions, read through the app's query client
// with the screens' own keys. A form rendered without a query client gives the select one of its own
// (and no Create or Edit: their dialogs need the app's).
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import type { RolePermissions } from '../../../../runtime/api/contract';
import { componentSettingsQueryOptions } from '../../../data/components';
import { rolePermissionsQueryOptions } from '../../../data/queries';
import { foreignInfo, type ForeignInfo } from './api';

export function useRelationClient(): { client: QueryClient; ownClient: boolean } {
  const app = useContext(QueryClientContext);
  const [own] = useState(() => (app ? null : new QueryClient({ defaultOptions: { queries: { retry: false } } })));
  return { client: (app ?? own)!, ownClient: !app };
}

export interface Foreign {
  /** Null until the settings are read or found unreadable (the search then uses plain paths). */
  info: ForeignInfo | null;
  /** Null until read, or when they cannot be. */
  permissions: RolePermissions | null;
}

export function useForeign(client: QueryClient, foreign: string): Foreign {
  const settings = useQuery({ ...componentSettingsQueryOptions(foreign, null), retry: false }, client);
  const permissions = useQuery(rolePermissionsQueryOptions(), client);
  const model = settings.data;
  const unreadable = settings.isError;
  const info = useMemo(() => (model ? foreignInfo(foreign, model) : unreadable ? foreignInfo(foreign, null) : null), [foreign, model, unreadable]);
  return { info, permissions: permissions.data ?? null };
}
