// Dynamic component routes (spec section 2): under /admin/component and /home/component,
// named after the component ($ref) or scope/name. Static segments (create, edit, settings)
// outrank parameters, so /admin/component/$ref/settings wins over $scope/$name.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { NotAvailableYet } from './pages';
import { validateLibrarySearch, validateListSearch } from './search';
import { stubRoute } from './stub';

export function componentRoutes<TParent extends AnyRoute>(parent: TParent) {
  const list = <TPath extends string>(path: TPath) =>
    createRoute({ getParentRoute: () => parent, path, validateSearch: validateListSearch, component: NotAvailableYet });
  return [
    list('component/$ref'),
    stubRoute(parent, 'component/$ref/create'),
    stubRoute(parent, 'component/$ref/edit/$uuid'),
    stubRoute(parent, 'component/$ref/settings'),
    list('component/$scope/$name'),
    stubRoute(parent, 'component/$scope/$name/create'),
    stubRoute(parent, 'component/$scope/$name/edit/$uuid'),
    stubRoute(parent, 'component/$scope/$name/settings'),
  ] as const;
}

/** Integration pages; the media library keeps the chosen library in ?lib. */
export function integrationPageRoute<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath) {
  return createRoute({ getParentRoute: () => parent, path, validateSearch: validateLibrarySearch, component: NotAvailableYet });
}
