// Dynamic component routes resolve only for menu components (spec section 2): the ref in the URL
// (uuid, "scope/name", or a bare name) must name one, else the route is not found.
import type { MenuItem } from '../../../../../runtime/client/components';

export interface RefParams {
  ref?: string;
  scope?: string;
  name?: string;
}

export function refFromParams(params: RefParams): string {
  return params.ref ?? `${params.scope ?? ''}/${params.name ?? ''}`;
}

export function findMenuItem(menu: readonly MenuItem[] | undefined, ref: string): MenuItem | undefined {
  return menu?.find((m) => m.ref === ref || m.uuid === ref || (!m.scope && m.name === ref));
}
