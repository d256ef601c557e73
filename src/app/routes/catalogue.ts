// Every route of spec section 2 that the router declares, with its status.
// Plain data (no imports) so scripts (docs/STATUS.md) and e2e can read it.
// Paths use the router's syntax: $name is a path parameter.

export type RouteStatus = 'done' | 'not done';
export type RouteAccess = 'public' | 'session';

export interface RouteCatalogueEntry {
  path: string;
  status: RouteStatus;
  access: RouteAccess;
}

const publicDone = ['/', '/login', '/error', '/two-factor-auth', '/register', '/project/invite/$uuid', '/user/forgotpassword', '/user/resetpassword/$uuid', '/mobile'];
const publicTodo: string[] = [];

/** /admin and /home redirect to their first page; they count as done. */
const sessionDone = [
  // The checkout and its thank-you page (docs/billing.md "The checkout screen").
  '/checkout',
  '/checkout/thankyou',
  // Release notes (docs/platform.md "Updates").
  '/home/platform/updates',
  '/admin/workflow/$id',
  '/admin/functions',
  '/admin/functions/create',
  '/admin/functions/$id',
  // Workspace templates (docs/templates.md): the catalogue and a template's landing page.
  '/admin/templates',
  '/template/$id',
  // Widgets (docs/widgets.md).
  '/admin/widgets',
  '/admin/widgets/edit/$id',
  '/admin/widgets/create',
  // Sparks (docs/user-code.md "Sparks").
  '/admin/spark',
  '/admin/spark/create',
  '/admin/spark/$id',
  '/admin/scout/workflow',
  // Scout's event log (docs/scout-events.md).
  '/admin/scout/events',
  '/admin/scout/events/settings',
  '/admin/scout/events/$id',
  // Scout: API call log (issue 17).
  '/admin/scout/api',
  '/admin/scout/api/inspect',
  '/admin',
  '/admin/dashboard',
  '/home',
  '/home/home',
  '/admin/components',
  '/admin/components/create',
  '/admin/component/$ref/settings',
  '/admin/component/$scope/$name/settings',
  // Record list, create page and edit screen (renderers/screens).
  // IAM (docs/iam.md): the profile, projects, workspaces, members, roles, invites and API users.
  '/home/users/profile',
  '/admin/projects',
  '/admin/projects/create',
  '/admin/projects/settings',
  '/admin/workspace',
  '/admin/workspace/edit/$id',
  '/admin/workspace/create',
  '/admin/iam',
  '/admin/iam/edit/$id',
  '/admin/iam/api/$id',
  '/admin/iam/roles',
  '/admin/iam/roles/create',
  '/admin/iam/roles/edit/$id',
  '/admin/iam/invite',
  '/admin/iam/create',
  // Global variables (docs/user-code.md "context.env").
  '/admin/environment',
  // The feedback inbox (docs/platform.md "Feedback"; not in spec section 2's list).
  '/admin/feedback',
  // The operators' approvals of bank transfers (docs/billing.md "Bank transfer"; not in spec section 2's list).
  '/admin/billing/approvals',
  // The media library screen (luma-media; src/app/features/media).
  '/home/integrations/page/$id',
  '/admin/integrations/page/$id',
  '/admin/integrations/page/$id/$subPage',
  // Platform apps (docs/apps.md): the admin screens and the app container.
  '/admin/app',
  '/admin/app/$id',
  '/admin/app/settings/$id',
  '/a/$id',
  '/app/editor/$id',
  '/app',
  '/app/playground',
  '/app/$id',
  // The API reference (docs/api.md).
  '/admin/developer',
  // Integrations (docs/integrations.md): installed list with the catalogue, one integration.
  '/admin/integrations',
  '/admin/integrations/$id',
  // Thunder data sets (docs/thunder.md).
  '/admin/thunder',
  '/admin/thunder/$name',
  // Ratchet connections (docs/ratchet.md).
  '/admin/ratchet',
  '/admin/ratchet/create',
  '/admin/ratchet/edit/$id',
  // Public apps (docs/public-apps.md): the admin screens and the page editor.
  '/admin/public-app',
  '/admin/public-app/$id',
  '/public-app/editor/$id',
  // Forge apps and the component editor (docs/forge.md).
  '/admin/forge',
  '/admin/forge/create',
  '/admin/forge/$id',
  '/component/editor/$id',
  ...['/admin/component', '/home/component'].flatMap((base) =>
    ['$ref', '$scope/$name'].flatMap((ref) => [`${base}/${ref}`, `${base}/${ref}/create`, `${base}/${ref}/edit/$uuid`]),
  ),
];

/** Dynamic component routes (name, or scope/name): list, create, edit/$uuid, settings. */
export function componentRoutePaths(base: '/admin/component' | '/home/component'): string[] {
  return ['$ref', '$scope/$name'].flatMap((ref) =>
    ['', '/create', '/edit/$uuid', '/settings'].map((child) => `${base}/${ref}${child}`),
  );
}

const sessionTodo = [
  ...componentRoutePaths('/home/component').filter((p) => !sessionDone.includes(p)),
  ...componentRoutePaths('/admin/component').filter((p) => !sessionDone.includes(p)),
];

const entries = (paths: string[], status: RouteStatus, access: RouteAccess): RouteCatalogueEntry[] =>
  paths.map((path) => ({ path, status, access }));

export const ROUTE_CATALOGUE: readonly RouteCatalogueEntry[] = [
  ...entries(publicDone, 'done', 'public'),
  ...entries(publicTodo, 'not done', 'public'),
  ...entries(sessionDone, 'done', 'session'),
  ...entries(sessionTodo, 'not done', 'session'),
];

/** A visitable URL for a path: each $param becomes "sample-<param>". */
export function samplePath(path: string): string {
  return path.replace(/\$([A-Za-z]+)/g, (_, name: string) => `sample-${name.toLowerCase()}`);
}
