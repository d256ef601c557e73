// The breadcrumb trail: the current page's place in the route tree (spec section 9: "A breadcrumb is built
// from route records that have a name or label", at most 5), never the history of visits. Each ancestor
// path of the current route pattern that is itself a labelled route becomes a crumb:
// /admin/component/$ref/edit/$uuid reads Components › Orders › Orders: Edit.
import { createStore } from '../../../renderers/ui/store';
import type { MessageKey } from '../../../runtime/i18n';

export const MAX_BREADCRUMBS = 5;

export interface Crumb {
  /** The URL of the crumb (the current page keeps its search). */
  href: string;
  /** A message key (every route that enters the trail declares one). */
  label: string;
  /** The component a component route is about (its ref): the trail names it by its label. */
  component?: string;
  /** A place within the page named by the page itself (a library's name, a document's path): shown as is. */
  text?: string;
}

/** What the trail needs of a route: its breadcrumb declaration. */
export interface CrumbRoute {
  label?: MessageKey;
  labelFor?: (params: Record<string, string>) => MessageKey | undefined;
  crumb?: boolean;
  /** True: the route starts the trail (a page with its own sidebar entry under a generic parent). */
  rootFor?: (params: Record<string, string>) => boolean;
}

/** A route pattern that has no page of its own, and the page that stands for it in the trail. */
const STANDS_FOR: Readonly<Record<string, string>> = {
  '/admin/component': '/admin/components',
};

/** `/admin/component/$ref` with `{ ref: 'orders' }` is `/admin/component/orders`. */
export function interpolate(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\$([A-Za-z]+)/g, (whole, name: string) => (params[name] !== undefined ? params[name].split('/').map(encodeURIComponent).join('/') : whole));
}

function componentOf(pattern: string, params: Record<string, string>): string | undefined {
  if (pattern.includes('$scope/$name')) return `${params.scope}/${params.name}`;
  return pattern.includes('$ref') ? params.ref : undefined;
}

/**
 * The trail of a page: `pattern` is its route's full path, `routeAt` finds the labelled route of an
 * ancestor pattern, `href` is the page's own URL. At most `max` crumbs, the current page last.
 */
export function trailFor(pattern: string, params: Record<string, string>, href: string, routeAt: (pattern: string) => CrumbRoute | undefined, max = MAX_BREADCRUMBS): Crumb[] {
  const segments = pattern.split('/').filter(Boolean);
  const trail: Crumb[] = [];
  for (let end = 1; end <= segments.length; end++) {
    const own = `/${segments.slice(0, end).join('/')}`;
    const at = STANDS_FOR[own] ?? own;
    const route = routeAt(at);
    if (!route || route.crumb === false) continue;
    const label = route.labelFor?.(params) ?? route.label;
    if (!label) continue;
    const component = componentOf(at, params);
    // A page named like its parent (a stub's create page) stands alone: no 'Forge apps › Forge apps'.
    const previous = trail.at(-1);
    if (route.rootFor?.(params)) trail.length = 0;
    else if (previous && previous.label === label && previous.component === component) trail.pop();
    trail.push({ href: end === segments.length ? href : interpolate(at, params), label, ...(component ? { component } : {}) });
  }
  return trail.slice(-max);
}

export const breadcrumbStore = createStore<Crumb[]>([]);

/**
 * Places within the current page, after its route crumbs: the page's own state in its search (the media
 * page's library, its Documents tab, the open document), set by the page while it shows them
 * (components/usePlaceCrumbs.ts). The route tree cannot know them: they are not routes.
 */
export const placeCrumbStore = createStore<Crumb[]>([]);

/** The whole trail: the route's crumbs and the page's places, at most `max`. With places after it, the
 * page's own crumb links to the page without its search (the place crumbs carry that). */
export function withPlaces(trail: Crumb[], places: Crumb[], max = MAX_BREADCRUMBS): Crumb[] {
  if (places.length === 0) return trail;
  const route = trail.map((crumb, index) => (index === trail.length - 1 ? { ...crumb, href: crumb.href.split(/[?#]/)[0] ?? crumb.href } : crumb));
  return [...route, ...places].slice(-max);
}

export function setTrail(trail: Crumb[]): void {
  breadcrumbStore.set(trail);
}

export function clearBreadcrumbs(): void {
  breadcrumbStore.set([]);
}
