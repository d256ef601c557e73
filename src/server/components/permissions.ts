// The permission strings components offer to roles (iam/permissions.ts PermissionProvider).
import type { PermissionProvider } from '../iam/permissions';
import { componentPermissionStrings } from './components';

/** read|create|update|delete|see|settings {ref} for each component of the project. */
export const componentPermissions: PermissionProvider = {
  name: 'components',
  permissions: ({ db, projectUuid }) => componentPermissionStrings(db, projectUuid),
};
