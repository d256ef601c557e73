// An integration's settings: its JSON Schema (runtime/api/integrations.ts IntegrationSettingsSchema)
// rendered by @rjsf/core through the settings forms' own controls (components/settings/schemaForm.tsx),
// as the widget and data set settings are; saved whole with PUT /integrate. The form judges the values
// with the server's own rules (runtime/integrations/settings.ts) before sending; the save's 417 messages
// land at their fields. Titles and hints are translated as `integrations.setting.{id}.{key}` and
// `integrations.settingHint.{id}.{key}` when the catalogue has them; an emptied input leaves the setting out.
// A secret (writeOnly) is never answered: one that is set (`secrets_set`) is an empty password input
// saying so, and leaving it empty keeps it (docs/integrations.md "Secret settings").
import type { RJSFSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { judgeSettings, keepSecrets } from '../../../../runtime/integrations/settings';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { FormFooter } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { formControls } from '../components/settings/formControls';
import { SchemaForm } from '../components/settings/schemaForm';

type Values = Record<string, unknown>;

const INPUT = 'settings';

/** The input name of a setting: what the e2e specs use and the 417 answer's fields map to. */
export const integrationSettingName = (key: string) => `${INPUT}.${key}`;

function controlsOf(id: string, secretsSet: readonly string[]) {
  return formControls({
    input: INPUT,
    titleKey: (key) => `integrations.setting.${id}.${key}`,
    hintKey: (key) => `integrations.settingHint.${id}.${key}`,
    testId: (key) => `integration-setting-${key}`,
    emptyIsUndefined: true,
    secretSet: (key) => secretsSet.includes(key),
  });
}

export function SettingsForm({ entry, installed, disabled }: { entry: CatalogueEntry; installed: Integration | undefined; disabled: boolean }) {
  const queryClient = useQueryClient();
  const form = useFormPage<Values, Integration>({
    initial: () => ({ ...(installed?.settings ?? {}) }),
    resetKey: installed?.updated_at,
    validate: (values) => {
      const rules: Record<string, string[]> = {};
      // The server's rules: a secret the form leaves out keeps its stored value (keepSecrets), then judgeSettings.
      const kept = keepSecrets(entry.settings_schema, {}, values);
      for (const error of [...kept.errors, ...judgeSettings(entry.settings_schema, kept.value).errors]) rules[error.field] = error.messages;
      return rules;
    },
    save: (values) => integrationsApi.update({ id: entry.id, settings: values }),
    toast: 'integrations.settingsSaved',
    onSaved: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  const schema = useMemo(() => entry.settings_schema as RJSFSchema, [entry.settings_schema]);
  // By their names: a refetch's new array must not make new controls (they would lose the focus).
  const secretsSet = (installed?.secrets_set ?? []).join('\n');
  const controls = useMemo(() => controlsOf(entry.id, secretsSet === '' ? [] : secretsSet.split('\n')), [entry.id, secretsSet]);
  const keys = Object.keys(entry.settings_schema.properties);
  const errors = Object.fromEntries(keys.map((key) => [key, form.errors(integrationSettingName(key))]));
  return (
    <form className="stack integration-settings" data-testid="integration-settings-form" onSubmit={form.submit} noValidate>
      <SchemaForm schema={schema} values={form.values} controls={controls} errors={errors} disabled={disabled} onChange={(next) => form.setValues({ ...next })} testId="integration-settings-fields" />
      <FormFooter form={form} idle="integrations.saveSettings" testId="integration-settings-save" disabled={disabled || !form.dirty} />
    </form>
  );
}
