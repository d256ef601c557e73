// One action's dialog: its fields rendered by the same renderer registry as a record form, checked
// by the same rules before anything is sent (an action cannot run with invalid fields), then run on
// the server for the given records. The server's 417 field errors go under the fields; an evaluation
// error ('Action {name} evaluation error: {message}') and a refused display condition show here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { actionsApi } from '../../../runtime/client/actions';
import type { ComponentModel } from '../../../runtime/client/components';
import { isApiRequestError } from '../../../runtime/client/errors';
import type { ActionDefinition } from '../../../schemas';
import { rolePermissionsQueryOptions } from '../../data/queries';
import { recordKeys } from '../../data/records';
import type { RunScript } from '../../form/scripts';
import { Dialog } from '../../ui/Dialog';
import { Message } from '../../ui/Message';
import { showToast } from '../../ui/toast';
import { RecordForm } from '../RecordForm';
import { useRecordForm } from '../useRecordForm';
import { compileFor } from '../useRecordView';

export interface ActionDialogProps {
  model: ComponentModel;
  action: ActionDefinition;
  uuids: string[];
  locale: string;
  runScript?: RunScript;
  onClose: () => void;
  onDone?: () => void;
}

/** The message an action's failure shows, with its values (name, message) when the server gave them. */
function failureOf(error: unknown): { key: string; values?: Record<string, string | number> } {
  if (!isApiRequestError(error)) return { key: 'somethingWrong' };
  const values = error.fieldErrors[0]?.values?.[0] ?? undefined;
  return { key: error.messageKey, ...(values ? { values } : {}) };
}

export function ActionDialog({ model, action, uuids, locale, runScript, onClose, onDone }: ActionDialogProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const permissions = useQuery(rolePermissionsQueryOptions());
  const view = useMemo(
    () => (permissions.data ? compileFor({ ...model, settings: { ...model.settings, fields: action.fields ?? [] } }, permissions.data, locale, 'model_create') : null),
    [model, action, permissions.data, locale],
  );
  const form = useRecordForm({ view, record: null, page: 'model_create', locale, runScript });
  const [failure, setFailure] = useState<{ key: string; values?: Record<string, string | number> } | null>(null);
  const run = useMutation({
    mutationFn: (fields: Record<string, unknown>) => actionsApi.run(model.ref, action.name, { items: uuids, fields }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['component', model.ref] }),
  });
  // The record screens key their queries by the ref they were opened with (uuid or scope/name).
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: recordKeys.all(model.uuid) }), queryClient.invalidateQueries({ queryKey: recordKeys.lists(model.uuid) })]);

  const submit = async () => {
    if (!view || run.isPending) return;
    setFailure(null);
    if (!form.validateAll()) {
      showToast('fieldsNotValid', 'danger');
      return;
    }
    try {
      await run.mutateAsync(form.payload());
      await refresh();
      showToast(uuids.length > 1 ? 'records.actions.doneMany' : 'records.actions.done', 'success', undefined, { name: action.name, count: uuids.length });
      onDone?.();
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.status === 417) {
        form.applyFieldErrors(error.fieldErrors);
        showToast('fieldsNotValid', 'danger');
        return;
      }
      setFailure(failureOf(error));
    }
  };

  return (
    <Dialog
      open
      wide
      testId="action-dialog"
      title={action.name}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" data-testid="action-cancel" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button button-primary" data-testid="action-run" disabled={!view || run.isPending} aria-busy={run.isPending} onClick={() => void submit()}>
            <FormattedMessage id={run.isPending ? 'records.actions.running' : 'records.actions.run'} />
          </button>
        </>
      }
    >
      {failure ? (
        <p className="form-error" role="alert" data-testid="action-error">
          <Message value={failure.key} values={failure.values} />
        </p>
      ) : null}
      {!view ? (
        <div className="skeleton" aria-busy="true" />
      ) : (action.fields ?? []).length === 0 ? (
        <p>{intl.formatMessage({ id: 'records.actions.confirm' }, { name: action.name, count: uuids.length })}</p>
      ) : (
        <RecordForm view={view} form={form} onSubmit={() => void submit()} />
      )}
    </Dialog>
  );
}
