// The settings an integration declares (string, boolean, number), saved whole with PUT /integrate.
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { CatalogueEntry, Integration, IntegrationSettingField } from '../../../../runtime/api/integrations';
import { isMessageKey } from '../../../../runtime/i18n';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { useMessage } from '../../../../renderers/ui/Message';
import { FieldErrors } from '../../components/FieldErrors';
import { FormFooter } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';

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
  const form = useFormPage({
    initial: () => initialValues(entry.settings, installed?.settings ?? {}),
    save: (values: Values) => integrationsApi.update({ id: entry.id, settings: toSettings(entry.settings, values) }),
    toast: 'integrations.settingsSaved',
    onSaved: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  const { values, set } = form;
  const label = (field: IntegrationSettingField) => {
    const key = `integrations.setting.${entry.id}.${field.key}`;
    return isMessageKey(key) ? message(key) : field.label;
  };
  return (
    <form
      className="stack"
      data-testid="integration-settings-form"
      onSubmit={form.submit}
    >
      {entry.settings.map((field, i) => {
        const id = `${baseId}-${i}`;
        const errors = form.errors(`settings.${field.key}`);
        return field.type === 'boolean' ? (
          <div className="field field-check" key={field.key}>
            <input
              id={id}
              type="checkbox"
              data-testid={`integration-setting-${field.key}`}
              checked={values[field.key] === true}
              disabled={disabled}
              onChange={(e) => set(field.key, e.target.checked)}
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
              onChange={(e) => set(field.key, e.target.value)}
            />
            <FieldErrors messages={errors} />
          </div>
        );
      })}
      <FormFooter form={form} idle="integrations.saveSettings" testId="integration-settings-save" disabled={disabled} />
    </form>
  );
}
