// The settings tab: the library form over the stored library (its secret masked), update with
// librarySettingsUpdated or failedToUpdateLibrary, remove after actionWillRemoveLibrary with
// libraryRemoved or failedToRemoveLibrary (spec section 8).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MediaLibrary, MediaProvider } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { errorDisplay } from '../../../../runtime/client/errorMessage';
import { showToast } from '../../../../renderers/ui/toast';
import { Message } from '../../../../renderers/ui/Message';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useFormPage } from '../../components/form/useFormPage';
import { invalidateLibraries, libraryQueryOptions } from './data';
import { LibraryForm } from './LibraryForm';
import { formToInput, libraryToForm, providerOptions, type LibraryForm as LibraryFormValues } from './rules';

/** The key a failure shows beside the spec's own: the server's reason when it gave one. */
function reason(error: unknown): string | null {
  const shown = errorDisplay(error);
  return shown.kind === 'message' && shown.messageKey !== 'unexpectedError' ? shown.messageKey : null;
}

/** The form over one read of the library: a newly read library starts it again (its key). Typing
 * re-renders only this part, so the read arriving meanwhile is taken at its own notification. */
function UpdateForm({
  library,
  providers,
  onMessage,
  extraActions,
}: {
  library: MediaLibrary;
  providers: MediaProvider[];
  onMessage: (message: string | null) => void;
  extraActions: ReactNode;
}) {
  const queryClient = useQueryClient();
  const form = useFormPage({
    initial: () => libraryToForm(library),
    save: (values: LibraryFormValues) => mediaApi.updateLibrary(library.uuid, formToInput(values, false)),
    toast: 'librarySettingsUpdated',
    onSaved: async (saved) => {
      onMessage(null);
      queryClient.setQueryData(libraryQueryOptions(library.uuid).queryKey, saved);
      await invalidateLibraries(queryClient);
    },
    onFailed: (_failure, error) => {
      onMessage(reason(error));
      showToast('failedToUpdateLibrary', 'danger');
    },
  });
  return <LibraryForm form={form} creating={false} providers={providers} submitLabel={<FormattedMessage id="media.lib.update" />} extraActions={extraActions} />;
}

export function LibrarySettings({ library, libraries, onRemoved }: { library: MediaLibrary; libraries: readonly MediaLibrary[]; onRemoved: () => void }) {
  const queryClient = useQueryClient();
  const info = useQuery(libraryQueryOptions(library.uuid));
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => mediaApi.removeLibrary(library.uuid),
    onSuccess: async () => {
      setAsking(false);
      await invalidateLibraries(queryClient);
      showToast('libraryRemoved', 'success');
      onRemoved();
    },
    onError: (error) => {
      setAsking(false);
      setFailure(reason(error));
      showToast('failedToRemoveLibrary', 'danger');
    },
  });
  return (
    <section className="card media-settings" data-testid="media-settings">
      {failure ? (
        <p className="form-error" role="alert" data-testid="media-settings-error">
          <Message value={failure} />
        </p>
      ) : null}
      <UpdateForm
        key={info.dataUpdatedAt}
        library={info.data ?? library}
        providers={providerOptions(libraries.filter((l) => l.uuid !== library.uuid))}
        onMessage={setFailure}
        extraActions={
          <button type="button" className="button danger" data-testid="media-lib-remove" onClick={() => setAsking(true)}>
            <FormattedMessage id="media.lib.remove" />
          </button>
        }
      />
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="media.lib.remove" />}
        confirmLabel={<FormattedMessage id="media.lib.remove" />}
        pending={remove.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
      >
        <FormattedMessage id="actionWillRemoveLibrary" values={{ name: library.name }} />
      </ConfirmDialog>
    </section>
  );
}
