// The settings an integration declares (string, boolean, number), saved whole with PUT /integrate.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration, IntegrationSettingField } from '../../../../runtime/api/integrations';
import { isMessageKey } from '../../../../runtime/i18n';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { useMessage } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText, failureOf, fieldMessages, NO_FAILURE, type Failure } from '../iam/ui';

type Values = Record<string, string | boolean>;

function initialValues(fields: readonly IntegrationSettingField[], settings: Record<string, unknown>): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = settings[field.key];
    values[field.key] = field.type === 'boolean' ? value === true : value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/** The form's values as the server takes them: numbers parsed, empty text and numbers left out. */
function toSettings(fields: readonly IntegrationSettingField[], values: Values): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'boolean') settings[field.key] = value === true;
    else if (typeof value === 'string' && value.trim() !== '') settings[field.key] = field.type === 'number' ? Number(value) : value;
  }
  return settings;
}

export function SettingsForm({ entry, installed, disabled }: { entry: CatalogueEntry; installed: Integration | undefined; disabled: boolean }) {
  const queryClient = useQueryClient();
  const message = useMessage();
  const baseId = useId();
  const [values, setValues] = useState(() => initialValues(entry.settings, installed?.settings ?? {}));
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const save = useMutation({
    mutationFn: () => integrationsApi.update({ id: entry.id, settings: toSettings(entry.settings, values) }),
    onSuccess: async () => {
      setFailure(NO_FAILURE);
      showToast('integrations.settingsSaved', 'success');
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const label = (field: IntegrationSettingField) => {
    const key = `integrations.setting.${entry.id}.${field.key}`;
    return isMessageKey(key) ? message(key) : field.label;
  };
  return (
    <form
      className="stack"
      data-testid="integration-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {entry.settings.map((field, i) => {
        const id = `${baseId}-${i}`;
        const errors = fieldMessages(failure.fields, `settings.${field.key}`);
        return field.type === 'boolean' ? (
          <div className="field field-check" key={field.key}>
            <input
              id={id}
              type="checkbox"
              data-testid={`integration-setting-${field.key}`}
              checked={values[field.key] === true}
              disabled={disabled}
              onChange={(e) => setValues({ ...values, [field.key]: e.target.checked })}
            />
            <label htmlFor={id}>{label(field)}</label>
            <FieldErrors messages={errors} />
          </div>
        ) : (
          <div className="field" key={field.key}>
            <label className="field-label" htmlFor={id}>
              {label(field)}
            </label>
            <input
              id={id}
              type={field.type === 'number' ? 'number' : 'text'}
              data-testid={`integration-setting-${field.key}`}
              value={String(values[field.key] ?? '')}
              disabled={disabled}
              onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
            />
            <FieldErrors messages={errors} />
          </div>
        );
      })}
      <FailureText message={failure.message} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="integration-settings-save" disabled={disabled || save.isPending}>
          <FormattedMessage id="integrations.saveSettings" />
        </button>
      </div>
    </form>
  );
}
