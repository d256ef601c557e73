// The current page's place in the route tree (routes/breadcrumbs.ts), each crumb by its label: a component's
// pages by the component's own label ('Orders', 'Orders: Edit'), looked up in the menu or the components
// list, never by a path or a uuid. A long crumb is cut with an ellipsis on one line; its title is the full text.
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { componentMenuQueryOptions, componentsQueryOptions } from '../../../renderers/data/components';
import { componentLabel, type Labelled } from '../../../renderers/ui/componentLabel';
import { useMessage } from '../../../renderers/ui/Message';
import { localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { truncateListItem } from '../../../renderers/ui/truncate';
import { findMenuItem } from '../features/components/routes/menuRef';
import { breadcrumbStore, placeCrumbStore, withPlaces, type Crumb } from '../routes/breadcrumbs';
import { AppLink } from './AppLink';

/** The component route's own crumb: the component alone stands for its record list. */
const COMPONENT_CRUMB = 'cmp.route.crumb';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function crumbText(crumb: Crumb, message: (key: string) => string, name: string | undefined, cut: (text: string) => string = truncateListItem): string {
  if (crumb.text !== undefined) return cut(crumb.text);
  if (crumb.component === undefined) return message(crumb.label);
  // Until the component is known a uuid stands for nothing a user would recognise: the page's kind does.
  const shown = cut(name ?? (UUID.test(crumb.component) ? message(COMPONENT_CRUMB) : crumb.component));
  return crumb.label === COMPONENT_CRUMB ? shown : `${shown}: ${message(crumb.label)}`;
}

export function Breadcrumbs() {
  const trail = withPlaces(useStore(breadcrumbStore), useStore(placeCrumbStore));
  const locale = useStore(localeStore);
  const intl = useIntl();
  const message = useMessage();
  const hasComponent = trail.some((crumb) => crumb.component !== undefined);
  // The menu is loaded by the sidebar.
  const menu = useQuery({ ...componentMenuQueryOptions(), enabled: hasComponent });
  // The menu lists components with a version in the environment; an admin crumb of one without (a new
  // component's settings or workflows) is named from the components list, read only then.
  const unnamedAdminCrumb = menu.isFetched && trail.some((crumb) => crumb.component !== undefined && crumb.href.startsWith('/admin/') && !findMenuItem(menu.data, crumb.component));
  const components = useQuery({ ...componentsQueryOptions(), enabled: unnamedAdminCrumb });
  const nameOf = (ref: string): string | undefined => {
    const known: Labelled | undefined = findMenuItem(menu.data, ref) ?? components.data?.find((c) => c.ref === ref || c.uuid === ref);
    return known ? componentLabel(known, locale) : undefined;
  };
  return (
    <nav className="breadcrumbs" data-testid="breadcrumbs" aria-label={intl.formatMessage({ id: 'shell.breadcrumbs' })}>
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          const name = crumb.component === undefined ? undefined : nameOf(crumb.component);
          const text = crumbText(crumb, message, name);
          return (
            <li key={crumb.href} title={crumbText(crumb, message, name, (full) => full)} data-testid="breadcrumb">
              {last ? <span aria-current="page">{text}</span> : <AppLink href={crumb.href}>{text}</AppLink>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
