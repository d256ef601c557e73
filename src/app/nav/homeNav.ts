// The /home sidebar.
import type { NavItem } from './model';

export const HOME_NAV: readonly NavItem[] = [
  { kind: 'link', label: 'nav.home', href: '/home/home', icon: '⌂' },
  { kind: 'link', label: 'nav.profile', href: '/home/users/profile', icon: '◉' },
  { kind: 'link', label: 'nav.updates', href: '/home/platform/updates', icon: '✦', badge: { label: 'common.new', tone: 'info' } },
  { kind: 'divider' },
  { kind: 'link', label: 'nav.adminConsole', href: '/admin/dashboard', icon: '◧' },
];
