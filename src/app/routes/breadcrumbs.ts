// The breadcrumb trail: the last 5 visited routes that have a label (spec section 9 "Breadcrumbs 5").
import { createStore } from '../../../renderers/ui/store';

export const MAX_BREADCRUMBS = 5;

export interface Crumb {
  /** The visited URL (path and search). */
  href: string;
  /** A message key (every route that enters the trail declares one). */
  label: string;
  /** The component a component route is about (its ref): the trail names it by its label. */
  component?: string;
}

/**
 * Appends a visit. Visiting a page already in the trail moves it to the end
 * (no duplicates); only the last `max` remain.
 */
export function addCrumb(trail: readonly Crumb[], crumb: Crumb, max = MAX_BREADCRUMBS): Crumb[] {
  const rest = trail.filter((c) => c.href !== crumb.href);
  return [...rest, crumb].slice(-max);
}

const SESSION_KEY = 'luma.breadcrumbs';

/** The trail survives a reload of the tab (sessionStorage), not the tab itself. */
function loadTrail(): Crumb[] {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed
          .filter((c): c is Crumb => typeof c?.href === 'string' && typeof c?.label === 'string' && (c.component === undefined || typeof c.component === 'string'))
          .slice(-MAX_BREADCRUMBS)
      : [];
  } catch {
    return [];
  }
}

function saveTrail(trail: Crumb[]): void {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(SESSION_KEY, JSON.stringify(trail));
  } catch {
    // the trail lives for this page only
  }
}

export const breadcrumbStore = createStore<Crumb[]>(loadTrail());

export function recordVisit(crumb: Crumb): void {
  const trail = breadcrumbStore.get();
  if (trail.at(-1)?.href === crumb.href && trail.at(-1)?.label === crumb.label) return;
  const next = addCrumb(trail, crumb);
  breadcrumbStore.set(next);
  saveTrail(next);
}

export function clearBreadcrumbs(): void {
  breadcrumbStore.set([]);
  saveTrail([]);
}
