// The sidebar's navigation model (spec section 2 "Sidebar navigation"): titles, dividers,
// labels, links with an optional badge, and dropdown groups nested at most two levels.
import type { MessageKey } from '../../../runtime/i18n';
import type { IconComponent } from '../../../renderers/ui/icons';

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

export interface NavBadge {
  label: MessageKey;
  tone: BadgeTone;
}

export interface NavTitle {
  kind: 'title';
  label: MessageKey;
}
export interface NavDivider {
  kind: 'divider';
}
export interface NavLabel {
  kind: 'label';
  label: MessageKey;
}
/** An icon of the product's set, or a short text of the data's own (a component's symbol or letter). */
export type NavIcon = IconComponent | string;
export interface NavLink {
  kind: 'link';
  label: MessageKey;
  /** Text shown instead of the label's message (data such as a component's own label). */
  text?: string;
  /** An app path, or an external URL (beginning with http). */
  href: string;
  icon?: NavIcon;
  badge?: NavBadge;
  disabled?: boolean;
  /** Shown only to admins of the current project (the calls behind it answer 403 to others). */
  adminOnly?: boolean;
}
export interface NavDropdown {
  kind: 'dropdown';
  /** Stable id for the open/closed state. */
  id: string;
  label: MessageKey;
  icon?: NavIcon;
  /** Shown only to admins of the current project. */
  adminOnly?: boolean;
  children: NavItem[];
}
export type NavItem = NavTitle | NavDivider | NavLabel | NavLink | NavDropdown;

export const MAX_DROPDOWN_DEPTH = 2;

/** Links beginning with http open externally (new tab, rel noopener noreferrer). */
export function isExternal(href: string): boolean {
  return href.startsWith('http');
}

/** How deeply dropdowns nest in `items` (0 when there is none). */
export function dropdownDepth(items: readonly NavItem[]): number {
  let depth = 0;
  for (const item of items) {
    if (item.kind === 'dropdown') depth = Math.max(depth, 1 + dropdownDepth(item.children));
  }
  return depth;
}

export interface FlatLink {
  link: NavLink;
  /** Ids of the dropdowns that contain the link, outermost first. */
  parents: string[];
}

/** Every link of the model in order, with the dropdowns around it. */
export function flattenLinks(items: readonly NavItem[], parents: string[] = []): FlatLink[] {
  return items.flatMap((item): FlatLink[] => {
    if (item.kind === 'link') return [{ link: item, parents }];
    if (item.kind === 'dropdown') return flattenLinks(item.children, [...parents, item.id]);
    return [];
  });
}

/** Whether `pathname` is `href` or lies below it (segment-wise: /admin/iam does not match /admin/iamx). */
export function pathMatches(href: string, pathname: string): boolean {
  const base = href.replace(/\/+$/, '') || '/';
  const path = pathname.replace(/\/+$/, '') || '/';
  if (base === '/') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}

/** The active link: the enabled internal link with the longest path that matches. */
export function findActive(items: readonly NavItem[], pathname: string): FlatLink | undefined {
  let best: FlatLink | undefined;
  for (const entry of flattenLinks(items)) {
    const { href, disabled } = entry.link;
    if (disabled || isExternal(href) || !pathMatches(href, pathname)) continue;
    if (!best || href.length > best.link.href.length) best = entry;
  }
  return best;
}

/** The items a viewer may use: admin-only links and dropdowns dropped for others (recursively). */
export function forViewer(items: readonly NavItem[], isAdmin: boolean): readonly NavItem[] {
  if (isAdmin) return items;
  return items.flatMap((item): NavItem[] => {
    if ((item.kind === 'link' || item.kind === 'dropdown') && item.adminOnly) return [];
    if (item.kind === 'dropdown') return [{ ...item, children: [...forViewer(item.children, false)] }];
    return [item];
  });
}
