// Menu components in the sidebar (GET /v3/system/component/menu): one link each, after `afterHref`.
import type { MenuItem } from '../../../runtime/client/components';
import type { Locale } from '../../../runtime/i18n';
import { componentLabel } from '../../../renderers/ui/componentLabel';
import { truncateTitle } from '../../../renderers/ui/truncate';
import { LayoutGrid } from '../../../renderers/ui/icons';
import type { NavIcon, NavItem, NavLink } from './model';

/** A short icon: the component's own when it is a symbol or emoji, else the label's first letter. */
function iconOf(item: MenuItem, label: string): NavIcon {
  const own = item.icon?.trim();
  if (own && Array.from(own).length <= 2) return own;
  return Array.from(label)[0]?.toUpperCase() ?? LayoutGrid;
}

export function menuLinks(menu: readonly MenuItem[], locale: Locale, base: '/admin/component' | '/home/component'): NavLink[] {
  return menu.map((item) => {
    const label = componentLabel(item, locale);
    return { kind: 'link', label: 'nav.components', text: truncateTitle(label), href: `${base}/${item.ref}`, icon: iconOf(item, label) };
  });
}

/** The nav with `links` inserted after the top-level link to `afterHref` (or at the end). */
export function withLinksAfter(nav: readonly NavItem[], afterHref: string, links: readonly NavLink[]): NavItem[] {
  if (links.length === 0) return [...nav];
  const at = nav.findIndex((item) => item.kind === 'link' && item.href === afterHref);
  const index = at === -1 ? nav.length : at + 1;
  return [...nav.slice(0, index), ...links, ...nav.slice(index)];
}
