// /home/home: the user's app tiles. Apps arrive in a later issue, so the list is empty for now.
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../../renderers/ui/EmptyState';
import { Tile } from '../components/Tile';
import type { TileModel } from '../components/tileModel';
import { AppWindow } from '../../../renderers/ui/icons';

/** Replaced by the apps query when the app service exists. */
const tiles: TileModel[] = [];

export function HomePage() {
  return (
    <div className="page">
      <header className="page-header">
        <h1 data-testid="home-heading">
          <FormattedMessage id="home.heading" />
        </h1>
      </header>
      <section className="card">
        <h2 className="card-title">
          <FormattedMessage id="home.apps" />
        </h2>
        {tiles.length === 0 ? (
          <EmptyState testId="apps-empty" icon={<AppWindow />} title={<FormattedMessage id="home.appsEmpty" />} hint={<FormattedMessage id="home.appsEmptyHint" />} />
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
