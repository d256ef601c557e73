// New directory (spec section 5): name required, min 2, a slash stripped; with errors the create is
// blocked with 'someFieldsAreNotValid'.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mediaApi } from '../../../../../runtime/client/media';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { invalidateFiles } from '../data';
import { showMediaError } from '../errors';
import { ModalActions, TextField, useRulesSubmit } from '../fields';
import { dirNameErrors, hasErrors, sanitiseDirName, stripSlashes } from '../rules';

export function NewDirModal({ libraryUuid, dir, onClose, onCreated }: { libraryUuid: string; dir: string; onClose: () => void; onCreated: (path: string) => void }) {
  const t = useIntl();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const errors = dirNameErrors(name);
  const create = useMutation({
    mutationFn: (path: string) => mediaApi.createDir(libraryUuid, path),
    onSuccess: async (_created, path) => {
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.dirCreated', 'success');
      onCreated(path);
    },
    onError: (error) => showMediaError(error),
  });
  const { touched, setTouched, submit } = useRulesSubmit(!hasErrors(errors), () => {
    const clean = sanitiseDirName(name);
    create.mutate(dir ? `${dir}/${clean}` : clean);
  });
  return (
    <Dialog open title={<FormattedMessage id="media.newDir" />} onClose={onClose} testId="media-newdir-modal">
      <form onSubmit={submit} noValidate>
        <TextField
          label={<FormattedMessage id="media.dirName" />}
          testId="media-dir-name"
          value={name}
          autoFocus
          placeholder={t.formatMessage({ id: 'media.dirName' })}
          onChange={(e) => setName(stripSlashes(e.target.value))}
          onBlur={() => setTouched(true)}
          errors={touched ? errors.name : undefined}
        />
        <ModalActions closeLabel="common.cancel" onClose={onClose} submitLabel="media.create" submitTestId="media-dir-create" pending={create.isPending} />
      </form>
    </Dialog>
  );
}
