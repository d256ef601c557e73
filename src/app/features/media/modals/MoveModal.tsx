// Move to directory: the library's directory tree (one dirs call per opened level), a target chosen,
// then the question filesWillBeMovedToSelectedDir before POST /media/move.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { mediaApi } from '../../../../../runtime/client/media';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { ChevronDown, ChevronRight, Folder, House } from '../../../../../renderers/ui/icons';
import { showToast } from '../../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dirsQueryOptions, invalidateFiles } from '../data';
import { showMediaError } from '../errors';

/** The dirs call may answer names or keys: both become the directory's path. */
export function childPath(parent: string, entry: string): string {
  const clean = entry.replace(/^\/+|\/+$/g, '');
  if (parent && clean.startsWith(`${parent}/`)) return clean;
  if (!parent && clean.includes('/')) return clean;
  return parent ? `${parent}/${clean}` : clean;
}

function Level({ lib, path, chosen, onChoose }: { lib: string; path: string; chosen: string | null; onChoose: (p: string) => void }) {
  const dirs = useQuery(dirsQueryOptions(lib, path));
  if (dirs.isPending) return <div className="skeleton" aria-busy="true" />;
  if (dirs.isError) {
    return (
      <p className="form-error" role="alert">
        <FormattedMessage id="media.unableToLoad" />
      </p>
    );
  }
  if (dirs.data.length === 0) return null;
  return (
    <ul role="group" className="media-tree-level">
      {dirs.data.map((entry) => (
        <Node key={entry} lib={lib} path={childPath(path, entry)} chosen={chosen} onChoose={onChoose} />
      ))}
    </ul>
  );
}

function Node({ lib, path, chosen, onChoose }: { lib: string; path: string; chosen: string | null; onChoose: (p: string) => void }) {
  const [open, setOpen] = useState(false);
  const name = path.split('/').at(-1) ?? path;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={chosen === path}>
      <div className="media-tree-row">
        <button type="button" className="icon-button" aria-label={name} data-testid="media-tree-toggle" onClick={() => setOpen(!open)}>
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        </button>
        <button type="button" className={`media-tree-name${chosen === path ? ' is-selected' : ''}`} data-testid="media-tree-dir" data-path={path} onClick={() => onChoose(path)}>
          <Folder aria-hidden="true" /> {name}
        </button>
      </div>
      {open ? <Level lib={lib} path={path} chosen={chosen} onChoose={onChoose} /> : null}
    </li>
  );
}

export function MoveModal({ libraryUuid, items, onClose, onMoved }: { libraryUuid: string; items: string[]; onClose: () => void; onMoved: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const move = useMutation({
    mutationFn: (path: string) => mediaApi.move({ library_uuid: libraryUuid, path, items }),
    onSuccess: async () => {
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.moved', 'success');
      onMoved();
    },
    onError: (error) => {
      setAsking(false);
      showMediaError(error);
    },
  });
  return (
    <>
      <Dialog
        open={!asking}
        title={<FormattedMessage id="media.moveTitle" values={{ count: items.length }} />}
        onClose={onClose}
        testId={asking ? undefined : 'media-move-modal'}
        actions={
          <>
            <button type="button" className="button" onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="button button-primary" data-testid="media-move-confirm" disabled={chosen === null} onClick={() => setAsking(true)}>
              <FormattedMessage id="media.move" />
            </button>
          </>
        }
      >
        <ul role="tree" className="media-tree" data-testid="media-tree">
          <li role="treeitem" aria-expanded aria-selected={chosen === ''}>
            <div className="media-tree-row">
              <button type="button" className={`media-tree-name${chosen === '' ? ' is-selected' : ''}`} data-testid="media-tree-dir" data-path="" onClick={() => setChosen('')}>
                <House aria-hidden="true" /> <FormattedMessage id="media.home" />
              </button>
            </div>
            <Level lib={libraryUuid} path="" chosen={chosen} onChoose={setChosen} />
          </li>
        </ul>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="media.move" />}
        confirmLabel={<FormattedMessage id="media.move" />}
        pending={move.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => chosen !== null && move.mutate(chosen)}
      >
        <FormattedMessage id="filesWillBeMovedToSelectedDir" />
      </ConfirmDialog>
    </>
  );
}
