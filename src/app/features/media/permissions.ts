// The six luma-media permissions of the viewer (spec section 6); an admin holds all of them.
import { useQuery } from '@tanstack/react-query';
import { MEDIA_PERMISSION } from '../../../../runtime/api/media';
import { hasPermission } from '../../../../runtime/permissions/hasPermission';
import { rolePermissionsQueryOptions } from '../../../../renderers/data/queries';

export type MediaMay = { [K in keyof typeof MEDIA_PERMISSION]: boolean } & { admin: boolean };

export const NOTHING: MediaMay = { use: false, upload: false, createDir: false, deleteDir: false, download: false, delete: false, admin: false };

/** null while the permissions load. */
export function useMediaPermissions(): { may: MediaMay | null; error: unknown } {
  const perms = useQuery(rolePermissionsQueryOptions());
  if (!perms.data) return { may: null, error: perms.error };
  const data = perms.data;
  const may = Object.fromEntries(Object.entries(MEDIA_PERMISSION).map(([name, permission]) => [name, hasPermission(data, permission)])) as MediaMay;
  return { may: { ...may, admin: data.is_admin }, error: null };
}
