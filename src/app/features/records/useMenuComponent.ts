// The menu component a record route names ($ref, or $scope/$name), and the route's base path.
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { componentMenuQueryOptions } from '../../../../renderers/data/components';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { truncateTitle } from '../../../../renderers/ui/truncate';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { findMenuItem, refFromParams, type RefParams } from '../components/routes/menuRef';

/** "/admin/component/shop/orders/edit/1" -> "/admin/component/shop/orders". */
export function componentBasePath(pathname: string): string {
  return pathname.replace(/\/(create|edit\/[^/]+)\/?$/, '');
}

export function useMenuComponent() {
  const params = useParams({ strict: false }) as RefParams & { uuid?: string };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const locale = useStore(localeStore);
  const menu = useQuery(componentMenuQueryOptions());
  const urlRef = refFromParams(params);
  const item = findMenuItem(menu.data, urlRef);
  return {
    ref: item?.ref ?? urlRef,
    uuid: params.uuid ?? '',
    title: item ? truncateTitle(componentLabel(item, locale)) : undefined,
    basePath: componentBasePath(pathname),
  };
}
