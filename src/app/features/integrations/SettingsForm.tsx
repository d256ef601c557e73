// An integration's settings: its JSON Schema (runtime/api/integrations.ts IntegrationSettingsSchema)
// rendered by @rjsf/core through our own controls (the settings inputs of the component screens), as
// the widget settings are; saved whole with PUT /integrate. The form judges the values with the
// server's own rules (runtime/integrations/settings.ts) before sending; the save's 417 messages land at
// their fields. Titles are translated as `integrations.setting.{id}.{key}` when the catalogue has them.
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { isMessageKey } from '../../../../runtime/i18n';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { judgeSettings } from '../../../../runtime/integrations/settings';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { useMessage } from '../../../../renderers/ui/Message';
import { FormFooter } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { Checkbox, NumberInput, SelectInput, TextInput } from '../components/settings/controls';
import { OPTION_TEMPLATES } from '../components/settings/fields/options/optionControls';
import { optionsValidator } from '../components/settings/fields/options/optionsValidator';

type Values = Record<string, unknown>;

/** The input name of a setting: what the e2e specs use and the 417 answer's fields map to. */
export const integrationSettingName = (key: string) => `settings.${key}`;

/** The entry whose settings the widgets render (for their translated titles). */
const EntryId = createContext('');

function useTitle(schema: RJSFSchema, name: string): string {
  const id = useContext(EntryId);
  const message = useMessage();
  const key = `integrations.setting.${id}.${name}`;
  return isMessageKey(key) ? message(key) : (schema.title ?? name);
}

/** The setting's hint: `integrations.settingHint.{id}.{key}` when the catalogue has it, else the schema's description. */
function useHint(schema: RJSFSchema, name: string): string | undefined {
  const id = useContext(EntryId);
  const message = useMessage();
  const key = `integrations.settingHint.${id}.${name}`;
  return isMessageKey(key) ? message(key) : schema.description;
}

function TextWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
  const label = useTitle(schema, name);
  const hint = useHint(schema, name);
  const common = { name: integrationSettingName(name), label, hint, disabled, errors: rawErrors, testId: `integration-setting-${name}` };
  if (schema.type === 'integer' || schema.type === 'number') {
    return <NumberInput {...common} value={typeof value === 'number' ? value : null} min={schema.minimum} max={schema.maximum} onChange={(v) => onChange(v ?? undefined)} />;
  }
  return <TextInput {...common} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v === '' ? undefined : v)} />;
}

function CheckboxWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
  const label = useTitle(schema, name);
  return <Checkbox name={integrationSettingName(name)} label={label} checked={value === true} disabled={disabled} errors={rawErrors} testId={`integration-setting-${name}`} onChange={onChange} />;
}

function SelectWidget({ schema, name, value, onChange, options, disabled, rawErrors }: WidgetProps) {
  const label = useTitle(schema, name);
  const hint = useHint(schema, name);
  const message = useMessage();
  const choices = (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
  return (
    <SelectInput
      name={integrationSettingName(name)}
      label={label}
      hint={hint}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      errors={rawErrors}
      placeholder={message('cmp.choose')}
      options={choices}
      onChange={(v) => onChange(v === '' ? undefined : v)}
    />
  );
}

// rjsf picks URLWidget and EmailWidget by format: the same text control.
const WIDGETS: RegistryWidgetsType = { TextWidget, URLWidget: TextWidget, EmailWidget: TextWidget, CheckboxWidget, SelectWidget };
const TEMPLATES = { ...OPTION_TEMPLATES, FieldErrorTemplate: () => null };

/** The messages by setting key (the server's `settings.{key}`), as rjsf's error schema. */
function errorSchemaOf(entry: CatalogueEntry, errors: (name: string) => string[] | undefined): ErrorSchema {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const key of Object.keys(entry.settings_schema.properties)) {
    const messages = errors(integrationSettingName(key));
    if (messages && messages.length > 0) schema[key] = { __errors: messages };
  }
  return schema as ErrorSchema;
}

export function SettingsForm({ entry, installed, disabled }: { entry: CatalogueEntry; installed: Integration | undefined; disabled: boolean }) {
  const queryClient = useQueryClient();
  const form = useFormPage<Values, Integration>({
    initial: () => ({ ...(installed?.settings ?? {}) }),
    resetKey: installed?.updated_at,
    validate: (values) => {
      const rules: Record<string, string[]> = {};
      for (const error of judgeSettings(entry.settings_schema, values).errors) rules[error.field] = error.messages;
      return rules;
    },
    save: (values) => integrationsApi.update({ id: entry.id, settings: values }),
    toast: 'integrations.settingsSaved',
    onSaved: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
  const schema = useMemo(() => entry.settings_schema as RJSFSchema, [entry.settings_schema]);
  return (
    <EntryId.Provider value={entry.id}>
      <form className="stack integration-settings" data-testid="integration-settings-form" onSubmit={form.submit} noValidate>
        <Form
          tagName="div"
          schema={schema}
          formData={form.values}
          validator={optionsValidator}
          widgets={WIDGETS}
          templates={TEMPLATES}
          extraErrors={errorSchemaOf(entry, form.errors)}
          disabled={disabled}
          noHtml5Validate
          showErrorList={false}
          onChange={(event) => form.setValues({ ...(event.formData as Values) })}
        />
        <FormFooter form={form} idle="integrations.saveSettings" testId="integration-settings-save" disabled={disabled || !form.dirty} />
      </form>
    </EntryId.Provider>
  );
}
