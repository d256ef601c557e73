// Create or edit one global variable in a dialog. A secret's value is never shown: editing a secret
// offers an empty write-only field whose text, when given, replaces the value. The rules are
// runtime/environment/rules.ts (the server checks them again).
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { VariableItem, VariableUpdateBody } from '../../../../runtime/api/environment';
import { variablesApi } from '../../../../runtime/client/environment';
import { VARIABLE_LIMITS, variableErrors } from '../../../../runtime/environment/rules';
import { environmentKeys } from '../../../../renderers/data/environment';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText } from '../../components/form/failure';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { useFormPage } from '../../components/form/useFormPage';

interface VariableValues {
  name: string;
  value: string;
  secret: boolean;
}

/** What is sent: an empty replace field on a secret keeps its value, so the value is simply not sent. */
function bodyOf(values: VariableValues, wasSecret: boolean): VariableUpdateBody {
  const keepSecretValue = wasSecret && values.secret && values.value === '';
  return { name: values.name.trim(), secret: values.secret, ...(keepSecretValue ? {} : { value: values.value }) };
}

export function VariableDialog({ variable, onClose }: { variable: VariableItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { value: useId(), secret: useId() };
  const wasSecret = variable?.secret === true;
  const form = useFormPage({
    initial: () => ({ name: variable?.name ?? '', value: wasSecret ? '' : (variable?.value ?? ''), secret: wasSecret }),
    validate: (v: VariableValues) =>
      Object.fromEntries(variableErrors(bodyOf(v, wasSecret), { partial: variable !== null, wasSecret }).map((error) => [error.field, error.messages])),
    save: (v: VariableValues) => {
      const body = bodyOf(v, wasSecret);
      return variable ? variablesApi.update(variable.uuid, body) : variablesApi.create({ name: body.name!, value: body.value!, secret: body.secret });
    },
    toast: 'variables.saved',
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: environmentKeys.all });
      onClose();
    },
  });
  const { name, value, secret } = form.values;

  const title = variable ? 'variables.edit' : 'variables.create';
  return (
    <Dialog open title={<FormattedMessage id={title} />} onClose={onClose} testId="variable-dialog">
      <form className="form" onSubmit={form.submit} noValidate data-testid="variable-form">
        <TextField
          label={<FormattedMessage id="variables.name" />}
          name="name"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={VARIABLE_LIMITS.nameMax}
          testId="variable-name"
          value={name}
          onValue={(next) => form.set('name', next)}
          hint={<FormattedMessage id="variables.nameHint" />}
          errors={form.errors('name')}
          defaults={{ max: VARIABLE_LIMITS.nameMax }}
        />
        <div className="field">
          <label className="field-label" htmlFor={ids.value}>
            <FormattedMessage id={wasSecret ? 'variables.newSecretValue' : 'variables.value'} />
          </label>
          {secret ? (
            // Write-only: a password input, never filled from the server (it has nothing to fill it with).
            <input id={ids.value} name="value" type="password" autoComplete="new-password" data-testid="variable-value" value={value} maxLength={VARIABLE_LIMITS.valueMax} aria-describedby={wasSecret ? `${ids.value}-hint` : undefined} onChange={(e) => form.set('value', e.target.value)} />
          ) : (
            <textarea id={ids.value} name="value" rows={3} spellCheck={false} data-testid="variable-value" value={value} maxLength={VARIABLE_LIMITS.valueMax} onChange={(e) => form.set('value', e.target.value)} />
          )}
          {wasSecret ? (
            <small className="muted" id={`${ids.value}-hint`}>
              <FormattedMessage id="variables.replaceHint" />
            </small>
          ) : null}
          <FieldErrors messages={form.errors('value')} values={{ max: VARIABLE_LIMITS.valueMax }} />
        </div>
        <div className="field field-check">
          <input type="checkbox" id={ids.secret} data-testid="variable-secret" checked={secret} aria-describedby={`${ids.secret}-hint`} onChange={(e) => form.set('secret', e.target.checked)} />
          <label htmlFor={ids.secret}>
            <FormattedMessage id="variables.secret" />
          </label>
          <small className="check-hint muted" id={`${ids.secret}-hint`}>
            <FormattedMessage id="variables.secretHint" />
          </small>
        </div>
        <FailureText message={form.failure.message} />
        <div className="modal-actions">
          <button type="button" className="button" data-testid="variable-cancel" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <SubmitButton pending={form.pending} idle="variables.save" testId="variable-save" />
        </div>
      </form>
    </Dialog>
  );
}
