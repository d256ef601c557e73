// A route whose screen arrives in a later issue: it renders the shared NotAvailableYet page.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { NotAvailableYet } from './pages';

export function stubRoute<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath) {
  return createRoute({ getParentRoute: () => parent, path, component: NotAvailableYet });
}
