// The right sidebar that creates a library (spec section 2): the library form with the providers
// still allowed (the simple one only while no simple library exists); libraryCreated on success.
// The platform's own (simple) library is the media product: where it is sold and not yet held, the
// sidebar offers Buy instead of Create, and the checkout's complete message creates it (purchase.ts).
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { MediaLibrary } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { X } from '../../../../renderers/ui/icons';
import { Message } from '../../../../renderers/ui/Message';
import { useFormPage } from '../../components/form/useFormPage';
import { invalidateLibraries } from './data';
import { LibraryForm } from './LibraryForm';
import { useMediaPurchase } from './purchase';
import { emptyLibraryForm, formToInput, providerOptions, type LibraryForm as LibraryFormValues } from './rules';

export function CreateLibrarySidebar({ libraries, onClose, onCreated }: { libraries: readonly MediaLibrary[]; onClose: () => void; onCreated: (uuid: string) => void }) {
  const queryClient = useQueryClient();
  const providers = providerOptions(libraries);
  const form = useFormPage({
    initial: () => emptyLibraryForm(providers.length === 1 ? providers[0] : ''),
    save: (values: LibraryFormValues) => mediaApi.createLibrary(formToInput(values, true)),
    toast: 'libraryCreated',
    onSaved: async (created) => {
      await invalidateLibraries(queryClient);
      onCreated(created.uuid);
    },
  });
  const purchase = useMediaPurchase(() => form.submit());
  const buying = form.values.provider === 'luma-simple' && purchase.required;
  const failure = form.failure.message;
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
            form={form}
            creating
            providers={providers}
            submitLabel={<FormattedMessage id={buying ? (purchase.waiting ? 'media.buyAgain' : 'media.buy') : 'media.create'} />}
            onValid={buying ? purchase.buy : undefined}
            notice={
              buying ? (
                <p className="muted media-buy-note" role="status" data-testid="media-buy-note">
                  <FormattedMessage id={purchase.waiting ? 'media.buyWaiting' : 'media.buyNeeded'} />
                </p>
              ) : null
            }
          />
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
