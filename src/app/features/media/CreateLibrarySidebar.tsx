// The right sidebar that creates a library (spec section 2): the library form with the providers
// still allowed (the simple one only while no simple library exists); libraryCreated on success.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { LibraryInput, MediaLibrary } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { X } from '../../../../renderers/ui/icons';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { invalidateLibraries } from './data';
import { LibraryForm } from './LibraryForm';
import { emptyLibraryForm, providerOptions } from './rules';

export function CreateLibrarySidebar({ libraries, onClose, onCreated }: { libraries: readonly MediaLibrary[]; onClose: () => void; onCreated: (uuid: string) => void }) {
  const queryClient = useQueryClient();
  const providers = providerOptions(libraries);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const create = useMutation({
    mutationFn: (input: LibraryInput) => mediaApi.createLibrary(input),
    onSuccess: async (created) => {
      await invalidateLibraries(queryClient);
      showToast('libraryCreated', 'success');
      onCreated(created.uuid);
    },
    onError: (error) => {
      const shown = errorDisplay(error);
      setFields(shown.kind === 'fields' ? errorsByPath(shown.fieldErrors) : {});
      setFailure(shown.kind === 'reported' ? null : shown.messageKey);
    },
  });
  return (
    <ModalOverlay className="modal-overlay media-sidebar-overlay" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <Modal className="media-sidebar">
        <AriaDialog className="modal-dialog" data-testid="media-create-sidebar">
          <div className="media-sidebar-head">
            <Heading slot="title" level={2}>
              <FormattedMessage id="media.createLibrary" />
            </Heading>
            <button type="button" className="icon-button" onClick={onClose} data-testid="media-sidebar-close">
              <X aria-hidden="true" />
              <span className="visually-hidden">
                <FormattedMessage id="common.close" />
              </span>
            </button>
          </div>
          {failure ? (
            <p className="form-error" role="alert" data-testid="media-create-error">
              <Message value={failure} />
            </p>
          ) : null}
          <LibraryForm
            initial={emptyLibraryForm(providers.length === 1 ? providers[0] : '')}
            creating
            providers={providers}
            pending={create.isPending}
            submitLabel={<FormattedMessage id="media.create" />}
            onSubmit={(input) => create.mutate(input)}
            serverErrors={fields}
          />
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
