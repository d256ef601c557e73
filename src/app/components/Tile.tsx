// A home tile (spec section 2 "Home tile"): icon or first letter, title, type; clicking opens the app.
import { FormattedMessage } from 'react-intl';
import { tileTitle } from '../../../renderers/ui/truncate';
import { tileHref, tileInitial, type TileModel } from './tileModel';
import { AppLink } from './AppLink';

export function Tile({ tile }: { tile: TileModel }) {
  const isImage = tile.icon !== undefined && /^(https?:|\/)/.test(tile.icon);
  return (
    <AppLink className={`tile tile-${tile.type}`} href={tileHref(tile)} title={tile.label}>
      <span className="tile-icon" aria-hidden="true">
        {isImage ? <img src={tile.icon} alt="" /> : tile.icon || tileInitial(tile.label)}
      </span>
      <span className="tile-title">{tileTitle(tile.label)}</span>
      <span className="tile-type">
        <FormattedMessage id={`tile.type.${tile.type}`} />
      </span>
    </AppLink>
  );
}
