// Create or edit one global variable in a dialog. A secret's value is never shown: editing a secret
// offers an empty write-only field whose text, when given, replaces the value. The rules are
// runtime/environment/rules.ts (the server checks them again).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { VariableItem, VariableUpdateBody } from '../../../../runtime/api/environment';
import { variablesApi } from '../../../../runtime/client/environment';
import { VARIABLE_LIMITS, variableErrors } from '../../../../runtime/environment/rules';
import { environmentKeys } from '../../../../renderers/data/environment';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { showToast } from '../../../../renderers/ui/toast';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText, NO_FAILURE, failureOf, fieldMessages, type Failure } from '../iam/ui';

export function VariableDialog({ variable, onClose }: { variable: VariableItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { name: useId(), value: useId(), secret: useId() };
  const wasSecret = variable?.secret === true;
  const [name, setName] = useState(variable?.name ?? '');
  const [value, setValue] = useState(wasSecret ? '' : (variable?.value ?? ''));
  const [secret, setSecret] = useState(wasSecret);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);

  const save = useMutation({
    mutationFn: (body: VariableUpdateBody) => (variable ? variablesApi.update(variable.uuid, body) : variablesApi.create({ name: body.name!, value: body.value!, secret: body.secret })),
    onSuccess: async () => {
      showToast('variables.saved', 'success');
      await queryClient.invalidateQueries({ queryKey: environmentKeys.all });
      onClose();
    },
    onError: (error) => setFailure(failureOf(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty replace field on a secret keeps its value: the value is simply not sent.
    const keepSecretValue = wasSecret && secret && value === '';
    const body: VariableUpdateBody = { name: name.trim(), secret, ...(keepSecretValue ? {} : { value }) };
    const errors = variableErrors(body, { partial: variable !== null, wasSecret });
    if (errors.length > 0) {
      setFailure({ message: null, fields: Object.fromEntries(errors.map((error) => [error.field, error.messages])) });
      return;
    }
    setFailure(NO_FAILURE);
    save.mutate(body);
  };

  const title = variable ? 'variables.edit' : 'variables.create';
  return (
    <Dialog open title={<FormattedMessage id={title} />} onClose={onClose} testId="variable-dialog">
      <form className="form" onSubmit={submit} noValidate data-testid="variable-form">
        <div className="field">
          <label className="field-label" htmlFor={ids.name}>
            <FormattedMessage id="variables.name" />
          </label>
          <input
            id={ids.name}
            name="name"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={VARIABLE_LIMITS.nameMax}
            data-testid="variable-name"
            value={name}
            aria-describedby={`${ids.name}-hint`}
            onChange={(e) => setName(e.target.value)}
          />
          <small className="muted" id={`${ids.name}-hint`}>
            <FormattedMessage id="variables.nameHint" />
          </small>
          <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ max: VARIABLE_LIMITS.nameMax }} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.value}>
            <FormattedMessage id={wasSecret ? 'variables.newSecretValue' : 'variables.value'} />
          </label>
          {secret ? (
            // Write-only: a password input, never filled from the server (it has nothing to fill it with).
            <input id={ids.value} name="value" type="password" autoComplete="new-password" data-testid="variable-value" value={value} maxLength={VARIABLE_LIMITS.valueMax} aria-describedby={wasSecret ? `${ids.value}-hint` : undefined} onChange={(e) => setValue(e.target.value)} />
          ) : (
            <textarea id={ids.value} name="value" rows={3} spellCheck={false} data-testid="variable-value" value={value} maxLength={VARIABLE_LIMITS.valueMax} onChange={(e) => setValue(e.target.value)} />
          )}
          {wasSecret ? (
            <small className="muted" id={`${ids.value}-hint`}>
              <FormattedMessage id="variables.replaceHint" />
            </small>
          ) : null}
          <FieldErrors messages={fieldMessages(failure.fields, 'value')} values={{ max: VARIABLE_LIMITS.valueMax }} />
        </div>
        <div className="field field-check">
          <input type="checkbox" id={ids.secret} data-testid="variable-secret" checked={secret} aria-describedby={`${ids.secret}-hint`} onChange={(e) => setSecret(e.target.checked)} />
          <label htmlFor={ids.secret}>
            <FormattedMessage id="variables.secret" />
          </label>
          <small className="check-hint muted" id={`${ids.secret}-hint`}>
            <FormattedMessage id="variables.secretHint" />
          </small>
        </div>
        <FailureText message={failure.message} />
        <div className="modal-actions">
          <button type="button" className="button" data-testid="variable-cancel" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" data-testid="variable-save" disabled={save.isPending}>
            <FormattedMessage id="variables.save" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
