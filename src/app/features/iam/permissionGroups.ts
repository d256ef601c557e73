// The role form's permission checkboxes, grouped: media permissions first, then one group per
// component ref with its verbs, then anything else (strings the role holds that the project no
// longer offers, kept so they can be unticked). Permission strings are '{verb} {ref}' (docs/iam.md).
import { normalizePermission } from '../../../../runtime/permissions/hasPermission';

export interface PermissionItem {
  /** The permission string as the server offers it (the checkbox value). */
  permission: string;
  verb: string;
}

export interface PermissionGroup {
  /** 'media', 'component:{ref}' or 'other'. */
  id: string;
  kind: 'media' | 'component' | 'other';
  /** The component ref (or the media ref); '' for the other group. */
  ref: string;
  items: PermissionItem[];
}

function split(permission: string): { verb: string; ref: string } {
  const text = permission.trim().replace(/\s+/g, ' ');
  const space = text.indexOf(' ');
  return space < 0 ? { verb: text, ref: '' } : { verb: text.slice(0, space), ref: text.slice(space + 1) };
}

const isMediaRef = (ref: string) => /(^|-)media$/i.test(ref);

/** Groups `available`, then adds the `selected` strings that are not offered (compared case-insensitively). */
export function groupPermissions(available: readonly string[], selected: readonly string[] = []): PermissionGroup[] {
  const media: PermissionGroup = { id: 'media', kind: 'media', ref: '', items: [] };
  const components = new Map<string, PermissionGroup>();
  const other: PermissionGroup = { id: 'other', kind: 'other', ref: '', items: [] };
  const seen = new Set<string>();

  for (const permission of available) {
    const key = normalizePermission(permission);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    const { verb, ref } = split(permission);
    if (ref === '') {
      other.items.push({ permission, verb });
    } else if (isMediaRef(ref)) {
      media.ref ||= ref;
      media.items.push({ permission, verb });
    } else {
      const id = `component:${ref.toLowerCase()}`;
      let group = components.get(id);
      if (!group) components.set(id, (group = { id, kind: 'component', ref, items: [] }));
      group.items.push({ permission, verb });
    }
  }
  for (const permission of selected) {
    const key = normalizePermission(permission);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    other.items.push({ permission, verb: permission });
  }

  const sortedComponents = [...components.values()].sort((a, b) => a.ref.localeCompare(b.ref));
  return [media, ...sortedComponents, other].filter((g) => g.items.length > 0);
}

/** The groups and items matching a filter text: a group whose ref matches keeps all its items. */
export function filterGroups(groups: readonly PermissionGroup[], text: string): PermissionGroup[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups.flatMap((group) => {
    if (group.ref && group.ref.toLowerCase().includes(needle)) return [group];
    if (group.kind === 'media' && 'media'.includes(needle)) return [group];
    const items = group.items.filter((item) => item.permission.toLowerCase().includes(needle));
    return items.length > 0 ? [{ ...group, items }] : [];
  });
}

/** A selection as a set of normalised strings, for case-insensitive ticks. */
export function selectionSet(selected: readonly string[]): Set<string> {
  return new Set(selected.map(normalizePermission));
}

/** Ticks or unticks `permissions` in `selected`, keeping the order and dropping case-variants. */
export function toggle(selected: readonly string[], permissions: readonly string[], on: boolean): string[] {
  const keys = new Set(permissions.map(normalizePermission));
  const rest = selected.filter((p) => !keys.has(normalizePermission(p)));
  return on ? [...rest, ...permissions] : rest;
}
