// Pure parts of the home tile (spec section 2 "Home tile").
import type { GatewayApp } from '../../../runtime/api/apps';
import type { ForgeWorkspaceApp } from '../../../runtime/api/forge';

export type TileType = 'platform-app' | 'component' | 'forge-app';

export interface TileModel {
  /** App id, or the component ref (uuid, or scope/name). */
  id: string;
  label: string;
  type: TileType;
  icon?: string;
}

/** The first letter of the label, shown when the tile has no icon. */
export function tileInitial(label: string): string {
  return (Array.from(label.trim())[0] ?? '?').toUpperCase();
}

/** What the tile's icon square shows: an image, the icon when it is a symbol or emoji, else the label's first letter. */
export function tileGlyph(tile: Pick<TileModel, 'icon' | 'label'>): { image: string } | { text: string } {
  const icon = tile.icon?.trim();
  if (icon && /^(https?:|\/)/.test(icon)) return { image: icon };
  if (icon && Array.from(icon).length <= 2) return { text: icon };
  return { text: tileInitial(tile.label) };
}

/** Where clicking a tile goes: apps open in the app container, components in their list. */
export function tileHref(tile: Pick<TileModel, 'id' | 'type'>): string {
  if (tile.type === 'component') {
    return `/home/component/${tile.id.split('/').map(encodeURIComponent).join('/')}`;
  }
  return `/a/${encodeURIComponent(tile.id)}`;
}

/** The home's tiles: the platform apps of the workspace, its forge apps with a live release, then the menu's components. */
export function homeTiles(
  apps: readonly GatewayApp[],
  components: readonly { ref: string; label: string; icon?: string | null }[],
  forgeApps: readonly ForgeWorkspaceApp[] = [],
): TileModel[] {
  return [
    ...apps.map((app): TileModel => ({ id: app.uuid, label: app.label, type: 'platform-app', ...(app.icon ? { icon: app.icon } : {}) })),
    ...forgeApps.map((app): TileModel => ({ id: app.uuid, label: app.label, type: 'forge-app', ...(app.icon ? { icon: app.icon } : {}) })),
    ...components.map((item): TileModel => ({ id: item.ref, label: item.label, type: 'component', ...(item.icon ? { icon: item.icon } : {}) })),
  ];
}
