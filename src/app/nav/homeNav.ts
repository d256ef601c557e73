// The /home sidebar.
import type { NavItem } from './model';
import { CircleUserRound, House, LayoutDashboard, Sparkles } from '../../../renderers/ui/icons';

export const HOME_NAV: readonly NavItem[] = [
  { kind: 'link', label: 'nav.home', href: '/home/home', icon: House },
  { kind: 'link', label: 'nav.profile', href: '/home/users/profile', icon: CircleUserRound },
  { kind: 'link', label: 'nav.updates', href: '/home/platform/updates', icon: Sparkles, badge: { label: 'common.new', tone: 'info' } },
  { kind: 'divider' },
  { kind: 'link', label: 'nav.adminConsole', href: '/admin/dashboard', icon: LayoutDashboard },
];
