// The dialogs the files bar opens (spec sections 4 and 5): upload, new directory, move, details and
// share, and the questions before deleting the chosen files (filesDeleted) or the directory with its
// contents (dirDeleted, then its parent opens); a failure shows in the media error dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { MediaFile } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { invalidateFiles } from './data';
import { MediaErrorDialog, showMediaError } from './errors';
import { FileDetailsModal } from './modals/FileDetailsModal';
import { MoveModal } from './modals/MoveModal';
import { NewDirModal } from './modals/NewDirModal';
import { ShareModal } from './modals/ShareModal';
import { UploadModal } from './modals/UploadModal';
import { parentDir } from './rules';
import type { MediaModal } from './Toolbar';

export function BrowserModals({
  modal,
  libraryUuid,
  dir,
  files,
  onClose,
  onFilesGone,
  onOpenDir,
}: {
  modal: MediaModal | null;
  libraryUuid: string;
  dir: string;
  /** The chosen files. */
  files: MediaFile[];
  onClose: () => void;
  /** The chosen files were moved or deleted: the selection empties. */
  onFilesGone: () => void;
  onOpenDir: (path: string) => void;
}) {
  const queryClient = useQueryClient();
  const one = files.length === 1 ? files[0]! : null;
  const failed = (error: unknown) => {
    onClose();
    showMediaError(error);
  };
  const removeFiles = useMutation({
    mutationFn: () => mediaApi.remove(libraryUuid, files.map((f) => f.key)),
    onSuccess: async () => {
      onClose();
      onFilesGone();
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.filesDeleted', 'success');
    },
    onError: failed,
  });
  const removeDir = useMutation({
    mutationFn: () => mediaApi.deleteDir(libraryUuid, dir),
    onSuccess: async () => {
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.dirDeleted', 'success');
      onOpenDir(parentDir(dir));
    },
    onError: failed,
  });
  return (
    <>
      {modal === 'upload' ? <UploadModal libraryUuid={libraryUuid} dir={dir} onClose={onClose} /> : null}
      {modal === 'newDir' ? <NewDirModal libraryUuid={libraryUuid} dir={dir} onClose={onClose} onCreated={onClose} /> : null}
      {modal === 'move' ? <MoveModal libraryUuid={libraryUuid} items={files.map((f) => f.key)} onClose={onClose} onMoved={() => { onClose(); onFilesGone(); }} /> : null}
      {modal === 'details' && one ? <FileDetailsModal file={one} onClose={onClose} /> : null}
      {modal === 'share' && one ? <ShareModal file={one} onClose={onClose} /> : null}
      <ConfirmDialog
        open={modal === 'delete'}
        title={<FormattedMessage id="media.delete" />}
        confirmLabel={<FormattedMessage id="media.delete" />}
        pending={removeFiles.isPending}
        onClose={onClose}
        onConfirm={() => removeFiles.mutate()}
      >
        <FormattedMessage id="selectedFilesWillBeDeleted" values={{ count: files.length }} />
      </ConfirmDialog>
      <ConfirmDialog
        open={modal === 'deleteDir'}
        title={<FormattedMessage id="media.deleteDir" />}
        confirmLabel={<FormattedMessage id="media.deleteDir" />}
        pending={removeDir.isPending}
        onClose={onClose}
        onConfirm={() => removeDir.mutate()}
      >
        <FormattedMessage id="actionWillRemoveDirAndContents" values={{ dir }} />
      </ConfirmDialog>
      <MediaErrorDialog />
    </>
  );
}
