// The code-based route tree (history mode). routes/catalogue.ts lists the same paths.
import { adminChildren, adminRoute } from './admin';
import { homeChildren, homeRoute } from './home';
import { publicRoutes } from './public';
import { rootRoute } from './root';
import { sessionRoute, sessionRoutes } from './session';

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  sessionRoute.addChildren([
    ...sessionRoutes,
    adminRoute.addChildren([...adminChildren]),
    homeRoute.addChildren([...homeChildren]),
  ]),
]);
