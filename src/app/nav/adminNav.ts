// The /admin sidebar.
import type { NavItem } from './model';
import { AppWindow, Blocks, CreditCard, FolderKanban, House, Layers, LayoutDashboard, Plug, Settings, SquareFunction, Users, Workflow } from '../../../renderers/ui/icons';

export const ADMIN_NAV: readonly NavItem[] = [
  { kind: 'link', label: 'nav.dashboard', href: '/admin/dashboard', icon: LayoutDashboard },
  { kind: 'title', label: 'nav.section.build' },
  { kind: 'link', label: 'nav.components', href: '/admin/components', icon: Blocks },
  {
    kind: 'dropdown',
    id: 'apps',
    label: 'nav.apps',
    icon: AppWindow,
    children: [
      { kind: 'link', label: 'nav.platformApps', href: '/admin/app' },
      { kind: 'link', label: 'nav.publicApps', href: '/admin/public-app' },
      { kind: 'link', label: 'nav.forge', href: '/admin/forge' },
      { kind: 'link', label: 'nav.templates', href: '/admin/templates' },
      { kind: 'link', label: 'nav.widgets', href: '/admin/widgets' },
    ],
  },
  { kind: 'title', label: 'nav.section.automate' },
  { kind: 'link', label: 'nav.functions', href: '/admin/functions', icon: SquareFunction },
  {
    kind: 'dropdown',
    id: 'workflows',
    label: 'nav.workflows',
    icon: Workflow,
    children: [
      { kind: 'link', label: 'nav.sparks', href: '/admin/spark' },
      { kind: 'link', label: 'nav.ratchet', href: '/admin/ratchet' },
      { kind: 'link', label: 'nav.thunder', href: '/admin/thunder' },
      {
        kind: 'dropdown',
        id: 'workflows.scout',
        label: 'nav.scout',
        children: [
          { kind: 'link', label: 'nav.scoutEvents', href: '/admin/scout/events' },
          { kind: 'link', label: 'nav.scoutApi', href: '/admin/scout/api' },
          { kind: 'link', label: 'nav.scoutWorkflow', href: '/admin/scout/workflow' },
        ],
      },
    ],
  },
  { kind: 'title', label: 'nav.section.manage' },
  {
    kind: 'dropdown',
    id: 'iam',
    label: 'nav.iam',
    adminOnly: true,
    icon: Users,
    children: [
      { kind: 'link', label: 'nav.users', href: '/admin/iam' },
      { kind: 'link', label: 'nav.roles', href: '/admin/iam/roles' },
      { kind: 'link', label: 'nav.invite', href: '/admin/iam/invite' },
      { kind: 'link', label: 'nav.apiUser', href: '/admin/iam/create' },
    ],
  },
  { kind: 'link', label: 'nav.projects', href: '/admin/projects', icon: FolderKanban },
  { kind: 'link', label: 'nav.workspaces', href: '/admin/workspace', icon: Layers, adminOnly: true },
  { kind: 'link', label: 'nav.integrations', href: '/admin/integrations', icon: Plug },
  {
    kind: 'dropdown',
    id: 'settings',
    label: 'nav.settings',
    icon: Settings,
    children: [
      { kind: 'link', label: 'nav.environment', href: '/admin/environment', adminOnly: true },
      { kind: 'link', label: 'nav.developer', href: '/admin/developer' },
      { kind: 'link', label: 'nav.projectSettings', href: '/admin/projects/settings', adminOnly: true },
      { kind: 'link', label: 'nav.feedback', href: '/admin/feedback', adminOnly: true },
    ],
  },
  { kind: 'divider' },
  { kind: 'label', label: 'nav.section.resources' },
  { kind: 'link', label: 'nav.home', href: '/home/home', icon: House },
  { kind: 'link', label: 'nav.billing', href: '/checkout', icon: CreditCard, adminOnly: true },
];
