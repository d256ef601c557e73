// /home/home: the tiles of what the user can open. Apps arrive with issue 31; until there is
// an app service the page claims nothing about apps and shows the components of the menu (those with a
// version in the current environment), each opening its records, under the widgets placed on the
// home page (docs/widgets.md).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { componentMenuQueryOptions } from '../../../renderers/data/components';
import { componentLabel } from '../../../renderers/ui/componentLabel';
import { EmptyState } from '../../../renderers/ui/EmptyState';
import { Blocks } from '../../../renderers/ui/icons';
import { localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { Tile } from '../components/Tile';
import { PlacedWidgets } from '../features/widgets/PlacedWidgets';
import type { TileModel } from '../components/tileModel';

export function HomePage() {
  const menu = useQuery(componentMenuQueryOptions());
  const locale = useStore(localeStore);
  const tiles: TileModel[] = (menu.data ?? []).map((item) => ({ id: item.ref, label: componentLabel(item, locale), type: 'component' }));
  return (
    <div className="page">
      <header className="page-header">
        <h1 data-testid="home-heading">
          <FormattedMessage id="home.heading" />
        </h1>
      </header>
      <PlacedWidgets place="home" />
      <section className="card" data-testid="home-components">
        <h2 className="card-title">
          <FormattedMessage id="home.components" />
        </h2>
        {menu.isPending ? (
          <div className="skeleton" aria-busy="true" />
        ) : menu.isError ? (
          <p className="form-error">
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
        ) : tiles.length === 0 ? (
          <EmptyState testId="home-components-empty" icon={<Blocks />} title={<FormattedMessage id="home.componentsEmpty" />} hint={<FormattedMessage id="home.componentsEmptyHint" />} />
        ) : (
          <ul className="tiles">
            {tiles.map((tile) => (
              <li key={`${tile.type}:${tile.id}`}>
                <Tile tile={tile} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
