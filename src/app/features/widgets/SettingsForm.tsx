// A widget's settings form: the JSON Schema of runtime/api/widgets.ts (widgetFormSchema) rendered by
// @rjsf/core through our own controls (the settings inputs of the component screens, a JSON text area),
// never rjsf's default look. Titles and hints are catalogue keys. The chart type shows for charts only,
// the row count for tables only. Messages come from the form's own rules and the save's 417 answer
// (extraErrors); rjsf validates nothing itself (the CSP forbids ajv's compile: optionsValidator).
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { widgetFormSchema } from '../../../../runtime/api/widgets';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { FieldErrors } from '../../components/FieldErrors';
import { NumberInput, SelectInput, TextInput } from '../components/settings/controls';
import { OPTION_TEMPLATES } from '../components/settings/fields/options/optionControls';
import { optionsValidator } from '../components/settings/fields/options/optionsValidator';
import type { WidgetDraft } from './draft';

/** The input name of a setting: what the e2e specs and the 417 answer's fields map to. */
export const settingName = (key: string) => `widget.${key}`;

function useText() {
  const intl = useIntl();
  return (text: string | undefined) => (text && Object.prototype.hasOwnProperty.call(intl.messages, text) ? intl.formatMessage({ id: text }) : text);
}

function TextWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
  const text = useText();
  const label = text(schema.title) ?? name;
  if (schema.type === 'integer' || schema.type === 'number') {
    return <NumberInput name={settingName(name)} label={label} value={typeof value === 'number' ? value : null} min={schema.minimum} max={schema.maximum} disabled={disabled} errors={rawErrors} onChange={(v) => onChange(v ?? 0)} />;
  }
  return <TextInput name={settingName(name)} label={label} value={typeof value === 'string' ? value : ''} disabled={disabled} errors={rawErrors} onChange={onChange} />;
}

function SelectWidget({ schema, name, value, onChange, options, disabled, rawErrors }: WidgetProps) {
  const intl = useIntl();
  const text = useText();
  const key = (o: { value: unknown }) => `widgets.${name}.${String(o.value)}`;
  const choices = (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: Object.prototype.hasOwnProperty.call(intl.messages, key(o)) ? intl.formatMessage({ id: key(o) }) : String(o.label) }));
  return (
    <SelectInput
      name={settingName(name)}
      label={text(schema.title) ?? name}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      errors={rawErrors}
      placeholder={intl.formatMessage({ id: 'cmp.choose' })}
      options={choices}
      onChange={(v) => onChange(v === '' ? undefined : v)}
    />
  );
}

/** JSON as text (the filter, the pipeline): a monospace area; parsed on save. */
function JsonWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
  const text = useText();
  const id = useId();
  return (
    <div className="field widget-json">
      <label className="field-label" htmlFor={id}>
        {text(schema.title)}
      </label>
      <textarea
        id={id}
        name={settingName(name)}
        rows={5}
        spellCheck={false}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <small id={`${id}-hint`} className="muted">
        {text(schema.description)}
      </small>
      <FieldErrors messages={rawErrors} />
    </div>
  );
}

const WIDGETS: RegistryWidgetsType = { TextWidget, SelectWidget, json: JsonWidget };
/** The option forms' templates (our grid, no rjsf chrome); each control shows its own messages. */
const TEMPLATES = { ...OPTION_TEMPLATES, FieldErrorTemplate: () => null };

function uiSchemaOf(kind: WidgetDraft['kind']): UiSchema {
  return {
    filter: { 'ui:widget': 'json' },
    aggregate: { 'ui:widget': 'json' },
    chart: kind === 'chart' ? {} : { 'ui:widget': 'hidden' },
    limit: kind === 'table' ? {} : { 'ui:widget': 'hidden' },
  };
}

/** The 417 messages (and the form's own) by form key, as rjsf's error schema. */
function errorSchemaOf(errors: Record<string, string[]>): ErrorSchema {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, { __errors: messages }])) as ErrorSchema;
}

export function SettingsForm({ draft, onChange, errors }: { draft: WidgetDraft; onChange: (next: WidgetDraft) => void; errors: Record<string, string[]> }) {
  const components = useQuery(componentsQueryOptions());
  const locale = useStore(localeStore);
  const schema = useMemo(
    () => widgetFormSchema((components.data ?? []).map((component) => ({ uuid: component.uuid, label: componentLabel(component, locale) }))) as RJSFSchema,
    [components.data, locale],
  );
  const uiSchema = useMemo(() => uiSchemaOf(draft.kind), [draft.kind]);
  return (
    <div data-testid="widget-settings" className="widget-settings">
      <Form
        tagName="div"
        schema={schema}
        uiSchema={uiSchema}
        formData={draft}
        validator={optionsValidator}
        widgets={WIDGETS}
        templates={TEMPLATES}
        extraErrors={errorSchemaOf(errors)}
        noHtml5Validate
        showErrorList={false}
        onChange={(event) => onChange({ ...draft, ...(event.formData as Partial<WidgetDraft>) })}
      />
    </div>
  );
}
