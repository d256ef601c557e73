// /home/home: the tiles of what the user can open (spec section 2 "Home tile"): the platform apps of
// the caller's workspace its environment shows (the gateway's workspace list), its forge apps with a
// live release (GET /luma/appservice/v1/forge/workspace; docs/forge.md) and the components of the menu (those with a version in the current environment), under the
// widgets placed on the home page (docs/widgets.md).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { workspaceAppsQueryOptions } from '../../../renderers/data/apps';
import { workspaceForgeAppsQueryOptions } from '../../../renderers/data/forge';
import { componentMenuQueryOptions } from '../../../renderers/data/components';
import { componentLabel } from '../../../renderers/ui/componentLabel';
import { EmptyState } from '../../../renderers/ui/EmptyState';
import { Blocks } from '../../../renderers/ui/icons';
import { localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { TileList } from '../components/Tile';
import { homeTiles } from '../components/tileModel';
import { PlacedWidgets } from '../features/widgets/PlacedWidgets';

export function HomePage() {
  const menu = useQuery(componentMenuQueryOptions());
  const apps = useQuery(workspaceAppsQueryOptions());
  // A failed forge list leaves the other tiles: the platform apps' error already speaks for the gateway.
  const forge = useQuery(workspaceForgeAppsQueryOptions());
  const locale = useStore(localeStore);
  const tiles = homeTiles(
    apps.data ?? [],
    (menu.data ?? []).map((item) => ({ ref: item.ref, label: componentLabel(item, locale), icon: item.icon })),
    forge.data ?? [],
  );
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
        {apps.isError ? (
          <p className="form-error" data-testid="home-apps-error">
            <FormattedMessage id="failedToFetchApps" />
          </p>
        ) : null}
        {menu.isPending || apps.isPending ? (
          <div className="skeleton" aria-busy="true" />
        ) : menu.isError ? (
          <p className="form-error">
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
        ) : tiles.length === 0 ? (
          <EmptyState testId="home-components-empty" icon={<Blocks />} title={<FormattedMessage id="home.componentsEmpty" />} hint={<FormattedMessage id="home.componentsEmptyHint" />} />
        ) : (
          <TileList tiles={tiles} />
        )}
      </section>
    </div>
  );
}
