// The component a route names by its {ref} (config.componentRef), found with the caller in the same
// round trip (auth/caller-sql.ts) and handed to the route on its accountability; components/model.ts
// resolveComponentForEnv takes it from there instead of asking again.
import { isValidComponentName, parseRef } from '../../../runtime/components/index';
import type { ComponentRow } from '../db/schema';
import { isUuid } from '../platform/validate';

export interface ComponentWithEnvVersion {
  row: ComponentRow;
  /** The settings of the version `env` points to; null when it points to none. */
  settings: Record<string, unknown> | null;
  versionUpdatedAt: Date | null;
}

/** How a {ref} is looked up (by uuid, or scope and name), or null when it cannot name a component. */
export function componentLookupOf(ref: unknown): { uuid: string } | { scope: string | null; name: string } | null {
  if (typeof ref !== 'string' || ref.length > 300) return null;
  const parsed = parseRef(ref.split('/'));
  if (parsed?.kind === 'uuid' && isUuid(parsed.uuid)) return { uuid: parsed.uuid.toLowerCase() };
  if (parsed?.kind === 'scoped' && parsed.scope.length <= 128 && isValidComponentName(parsed.name)) return { scope: parsed.scope, name: parsed.name };
  return null;
}
