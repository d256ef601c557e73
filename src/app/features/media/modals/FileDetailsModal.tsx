// File details: name (spaces become underscores), public flag, metadata and expiry, saved with
// POST /v1/media/edit/{uuid}; the file's address shown to copy.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { mediaFileUrl, type MediaFile } from '../../../../../runtime/api/media';
import { mediaApi } from '../../../../../runtime/client/media';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { CopyValue } from '../../../components/CopyValue';
import { invalidateFiles } from '../data';
import { absoluteUrl } from '../download';
import { showMediaError } from '../errors';
import { CheckField, ExpiryField, MetadataEditor, ModalActions, TextField, useRulesSubmit, type MetaRow } from '../fields';
import { expiryErrors, formatSize, metadataOf, metadataRows, MIN_NAME, toLocalInput } from '../rules';

export function FileDetailsModal({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(file.name);
  const [isPublic, setPublic] = useState(file.public);
  const [meta, setMeta] = useState<MetaRow[]>(metadataRows(file.metadata));
  const [expiry, setExpiry] = useState(file.expires_at ? toLocalInput(new Date(file.expires_at)) : '');
  const nameErr = name.trim() === '' ? [{ key: 'fieldRequired' }] : Array.from(name.trim()).length < MIN_NAME ? [{ key: 'cantBeLessThenChars', values: { min: MIN_NAME } }] : [];
  const expiryErr = expiry && file.expires_at && toLocalInput(new Date(file.expires_at)) === expiry ? [] : expiryErrors(expiry, new Date());
  const save = useMutation({
    mutationFn: () =>
      mediaApi.edit(file.uuid, { name: name.trim(), public: isPublic, metadata: metadataOf(meta), expiresAt: expiry ? new Date(expiry).toISOString() : null }),
    onSuccess: async () => {
      await invalidateFiles(queryClient, file.library_uuid);
      showToast('media.fileSaved', 'success');
      onClose();
    },
    onError: (error) => showMediaError(error),
  });
  const { submit } = useRulesSubmit(nameErr.length === 0 && expiryErr.length === 0, () => save.mutate());
  const url = file.public && file.public_url ? file.public_url : mediaFileUrl(file.library_uuid, file.key);
  return (
    <Dialog open wide title={<FormattedMessage id="media.details" />} onClose={onClose} testId="media-details-modal">
      <form onSubmit={submit} noValidate>
        <dl className="media-facts">
          <dt><FormattedMessage id="media.key" /></dt>
          <dd data-testid="media-details-key">{file.key}</dd>
          <dt><FormattedMessage id="media.size" /></dt>
          <dd>{formatSize(file.size)}</dd>
          <dt><FormattedMessage id="media.type" /></dt>
          <dd>{file.mime_type}</dd>
        </dl>
        <CopyValue value={absoluteUrl(url)} testId="media-details-url" copyTestId="media-details-copy" label={<FormattedMessage id="media.url" />} asLink />
        <TextField label={<FormattedMessage id="media.name" />} testId="media-details-name" value={name} onChange={(e) => setName(e.target.value.replace(/\s/g, '_'))} errors={nameErr} />
        <CheckField label={<FormattedMessage id="media.publicFile" />} checked={isPublic} onChange={setPublic} testId="media-details-public" />
        <ExpiryField id="media-details-expiry" value={expiry} onChange={setExpiry} errors={expiryErr} />
        <MetadataEditor rows={meta} onChange={setMeta} />
        <ModalActions closeLabel="common.cancel" onClose={onClose} submitLabel="media.save" submitTestId="media-details-save" pending={save.isPending} />
      </form>
    </Dialog>
  );
}
