// The files tab's bar: search, breadcrumb with a home link, and the actions (upload, new directory,
// delete directory not at the root, download with one file selected, delete with a selection, and
// move, details and share). Below 640 px the actions fold into one compact dropdown.
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import {
  ChevronRight,
  Download,
  Ellipsis,
  FolderInput,
  FolderPlus,
  FolderX,
  House,
  Search,
  Settings,
  Share2,
  Trash2,
  Upload,
  X,
} from '../../../../renderers/ui/icons';
import type { MediaFile } from '../../../../runtime/api/media';
import type { MediaMay } from './permissions';
import { crumbsOf } from './rules';

export interface MediaAction {
  id: string;
  label: string;
  icon: ReactNode;
  run: () => void;
  danger?: boolean;
}

export function Breadcrumb({ dir, onOpen }: { dir: string; onOpen: (dir: string) => void }) {
  const t = useIntl();
  const crumbs = crumbsOf(dir);
  return (
    <nav className="media-breadcrumb" aria-label={t.formatMessage({ id: 'media.path' })} data-testid="media-breadcrumb">
      <ol>
        <li>
          <button type="button" className="link-button media-home" data-testid="media-home" onClick={() => onOpen('')} aria-current={dir === '' ? 'location' : undefined}>
            <House aria-hidden="true" />
            <span className="visually-hidden">{t.formatMessage({ id: 'media.home' })}</span>
          </button>
        </li>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>
            <ChevronRight aria-hidden="true" className="media-crumb-sep" />
            {i === crumbs.length - 1 ? (
              <span aria-current="location" data-testid="media-crumb">{crumb.name}</span>
            ) : (
              <button type="button" className="link-button" data-testid="media-crumb" onClick={() => onOpen(crumb.path)}>
                {crumb.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useIntl();
  const label = t.formatMessage({ id: 'media.search' });
  return (
    <div className="media-search">
      <Search aria-hidden="true" />
      <input type="search" value={value} placeholder={label} aria-label={label} data-testid="media-search" onChange={(e) => onChange(e.target.value)} />
      {value ? (
        <button type="button" className="icon-button" data-testid="media-search-clear" onClick={() => onChange('')} aria-label={t.formatMessage({ id: 'media.clearSearch' })}>
          <X aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

export function ActionButtons({ actions }: { actions: MediaAction[] }) {
  const t = useIntl();
  if (actions.length === 0) return null;
  return (
    <>
      <div className="media-actions" data-testid="media-actions">
        {actions.map((a) => (
          <button key={a.id} type="button" className={`button button-small${a.danger ? ' danger' : ''}${a.id === 'upload' ? ' button-primary' : ''}`} data-testid={`media-${a.id}`} onClick={a.run}>
            {a.icon}
            <span>{a.label}</span>
          </button>
        ))}
      </div>
      <div className="media-actions-compact">
        <MenuTrigger>
          <Button className="button button-small" data-testid="media-actions-menu" aria-label={t.formatMessage({ id: 'media.actions' })}>
            <Ellipsis aria-hidden="true" />
            <span>{t.formatMessage({ id: 'media.actions' })}</span>
          </Button>
          <Popover className="media-popover" placement="bottom end">
            <Menu className="media-menu" onAction={(key) => actions.find((a) => a.id === key)?.run()}>
              {actions.map((a) => (
                <MenuItem key={a.id} id={a.id} className="media-menu-item" data-testid={`media-menu-${a.id}`} textValue={a.label}>
                  {a.icon}
                  <span>{a.label}</span>
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </>
  );
}

export const ACTION_ICON = {
  upload: <Upload aria-hidden="true" />,
  newDir: <FolderPlus aria-hidden="true" />,
  deleteDir: <FolderX aria-hidden="true" />,
  download: <Download aria-hidden="true" />,
  move: <FolderInput aria-hidden="true" />,
  details: <Settings aria-hidden="true" />,
  share: <Share2 aria-hidden="true" />,
  delete: <Trash2 aria-hidden="true" />,
} as const;

/** The actions that open a dialog (all but download). */
export type MediaModal = Exclude<keyof typeof ACTION_ICON, 'download'>;

/** The bar's actions for what the viewer may do (spec section 6) with what is chosen here: details and
 * share only on the standalone screen, share only for a private file. */
export function browserActions(
  t: IntlShape,
  may: MediaMay,
  here: { mode: 'library' | 'standalone'; dir: string; one: MediaFile | null; chosen: number },
  run: { open: (modal: MediaModal) => void; download: (file: MediaFile) => void },
): MediaAction[] {
  const { mode, dir, one, chosen } = here;
  const actions: MediaAction[] = [];
  const add = (id: keyof typeof ACTION_ICON, when: boolean, go: () => void, danger?: boolean) => {
    if (when) actions.push({ id, label: t.formatMessage({ id: `media.${id}` }), icon: ACTION_ICON[id], run: go, danger });
  };
  add('upload', may.upload, () => run.open('upload'));
  add('newDir', may.createDir, () => run.open('newDir'));
  add('deleteDir', may.deleteDir && dir !== '', () => run.open('deleteDir'), true);
  add('download', may.download && one !== null, () => one && run.download(one));
  add('details', mode === 'standalone' && one !== null, () => run.open('details'));
  add('share', mode === 'standalone' && one !== null && !one.public, () => run.open('share'));
  add('move', may.upload && chosen > 0, () => run.open('move'));
  add('delete', may.delete && chosen > 0, () => run.open('delete'), true);
  return actions;
}
