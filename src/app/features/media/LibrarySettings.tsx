// The settings tab: the library form over the stored library (its secret masked), update with
// librarySettingsUpdated or failedToUpdateLibrary, remove after actionWillRemoveLibrary with
// libraryRemoved or failedToRemoveLibrary (spec section 8).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { LibraryInput, MediaLibrary } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { showToast } from '../../../../renderers/ui/toast';
import { Message } from '../../../../renderers/ui/Message';
import { ConfirmDialog } from '../iam/ui';
import { invalidateLibraries, libraryQueryOptions } from './data';
import { LibraryForm } from './LibraryForm';
import { libraryToForm, providerOptions } from './rules';

/** The key a failure shows beside the spec's own: the server's reason when it gave one. */
function reason(error: unknown): string | null {
  const shown = errorDisplay(error);
  return shown.kind === 'message' && shown.messageKey !== 'unexpectedError' ? shown.messageKey : null;
}

export function LibrarySettings({ library, libraries, onRemoved }: { library: MediaLibrary; libraries: readonly MediaLibrary[]; onRemoved: () => void }) {
  const queryClient = useQueryClient();
  const info = useQuery(libraryQueryOptions(library.uuid));
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const update = useMutation({
    mutationFn: (input: LibraryInput) => mediaApi.updateLibrary(library.uuid, input),
    onSuccess: async (saved) => {
      setFailure(null);
      setFields({});
      queryClient.setQueryData(libraryQueryOptions(library.uuid).queryKey, saved);
      await invalidateLibraries(queryClient);
      showToast('librarySettingsUpdated', 'success');
    },
    onError: (error) => {
      const shown = errorDisplay(error);
      setFields(shown.kind === 'fields' ? errorsByPath(shown.fieldErrors) : {});
      setFailure(reason(error));
      showToast('failedToUpdateLibrary', 'danger');
    },
  });
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
  const current = info.data ?? library;
  return (
    <section className="card media-settings" data-testid="media-settings">
      {failure ? (
        <p className="form-error" role="alert" data-testid="media-settings-error">
          <Message value={failure} />
        </p>
      ) : null}
      <LibraryForm
        key={info.dataUpdatedAt}
        initial={libraryToForm(current)}
        creating={false}
        providers={providerOptions(libraries.filter((l) => l.uuid !== library.uuid))}
        pending={update.isPending}
        submitLabel={<FormattedMessage id="media.lib.update" />}
        onSubmit={(input) => update.mutate(input)}
        serverErrors={fields}
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
