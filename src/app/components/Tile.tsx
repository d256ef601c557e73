// A home tile (spec section 2 "Home tile"): icon or first letter, title, type; clicking opens the app.
import { FormattedMessage } from 'react-intl';
import { tileTitle } from '../../../renderers/ui/truncate';
import { tileGlyph, tileHref, type TileModel } from './tileModel';
import { AppLink } from './AppLink';

export function Tile({ tile }: { tile: TileModel }) {
  const glyph = tileGlyph(tile);
  return (
    <AppLink className={`tile tile-${tile.type}`} href={tileHref(tile)} title={tile.label} data-testid={`tile-${tile.type}`}>
      <span className="tile-icon" aria-hidden="true">
        {'image' in glyph ? <img src={glyph.image} alt="" /> : glyph.text}
      </span>
      <span className="tile-title">{tileTitle(tile.label)}</span>
      <span className="tile-type">
        <FormattedMessage id={`tile.type.${tile.type}`} />
      </span>
    </AppLink>
  );
}

/** The tiles as a list. */
export function TileList({ tiles }: { tiles: readonly TileModel[] }) {
  return (
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={`${tile.type}:${tile.id}`}>
          <Tile tile={tile} />
        </li>
      ))}
    </ul>
  );
}
