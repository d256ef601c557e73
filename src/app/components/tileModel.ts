// Pure parts of the home tile.
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

/** Where clicking a tile goes: apps open in the app container, components in their list. */
export function tileHref(tile: Pick<TileModel, 'id' | 'type'>): string {
  if (tile.type === 'component') {
    return `/home/component/${tile.id.split('/').map(encodeURIComponent).join('/')}`;
  }
  return `/a/${encodeURIComponent(tile.id)}`;
}
