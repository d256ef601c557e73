// Our own controls for @rjsf/core forms of admin settings (widgets, thunder data sets): text and number
// inputs, selects whose choices are catalogue keys, a monospace JSON or SQL text area and a checkbox,
// the settings inputs of the component screens, never rjsf's default look. Titles and hints are
// catalogue keys. Each control shows its own messages (rjsf validates nothing itself: the CSP forbids
// ajv's compile, optionsValidator).
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { FieldErrors } from '../../components/FieldErrors';
import { Checkbox, NumberInput, SelectInput, TextInput } from '../components/settings/controls';
import { OPTION_TEMPLATES } from '../components/settings/fields/options/optionControls';
import { optionsValidator } from '../components/settings/fields/options/optionsValidator';

/** How a form names its inputs (`{input}.{key}`: what e2e specs and 417 answers map to) and its choices' labels (`{labels}.{key}.{value}`). */
export interface ControlNames {
  input: string;
  labels: string;
}

function useText() {
  const intl = useIntl();
  return (text: string | undefined) => (text && Object.prototype.hasOwnProperty.call(intl.messages, text) ? intl.formatMessage({ id: text }) : text);
}

/** The controls of a form whose inputs and choices are named by `names`. */
export function formControls(names: ControlNames): RegistryWidgetsType {
  const inputName = (key: string) => `${names.input}.${key}`;
  function TextWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
    const text = useText();
    const label = text(schema.title) ?? name;
    if (schema.type === 'integer' || schema.type === 'number') {
      return <NumberInput name={inputName(name)} label={label} value={typeof value === 'number' ? value : null} min={schema.minimum} max={schema.maximum} disabled={disabled} errors={rawErrors} onChange={(v) => onChange(v ?? 0)} />;
    }
    return <TextInput name={inputName(name)} label={label} value={typeof value === 'string' ? value : ''} disabled={disabled} errors={rawErrors} onChange={onChange} />;
  }
  function SelectWidget({ schema, name, value, onChange, options, disabled, rawErrors }: WidgetProps) {
    const intl = useIntl();
    const text = useText();
    const key = (o: { value: unknown }) => `${names.labels}.${name}.${String(o.value)}`;
    const choices = (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: Object.prototype.hasOwnProperty.call(intl.messages, key(o)) ? intl.formatMessage({ id: key(o) }) : String(o.label) }));
    return (
      <SelectInput
        name={inputName(name)}
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
  /** JSON or SQL as text (the filter, the pipeline, a statement): a monospace area; parsed on save. */
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
          name={inputName(name)}
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
  function CheckboxWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
    const text = useText();
    return <Checkbox name={inputName(name)} label={text(schema.title) ?? name} checked={value === true} disabled={disabled} errors={rawErrors} onChange={onChange} />;
  }
  return { TextWidget, SelectWidget, CheckboxWidget, json: JsonWidget };
}

/** The option forms' templates (our grid, no rjsf chrome); each control shows its own messages. */
const FORM_TEMPLATES = { ...OPTION_TEMPLATES, FieldErrorTemplate: () => null };

/** The 417 messages (and the form's own) by form key, as rjsf's error schema. */
function errorSchemaOf(errors: Record<string, string[]>): ErrorSchema {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, { __errors: messages }])) as ErrorSchema;
}

/** A settings object edited by @rjsf/core through `controls`: the values change as a whole (onChange gets them merged). */
export function SchemaForm<V extends object>({
  schema,
  uiSchema,
  values,
  controls,
  errors,
  onChange,
  testId,
}: {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  values: V;
  controls: RegistryWidgetsType;
  errors: Record<string, string[]>;
  onChange: (next: V) => void;
  testId: string;
}) {
  return (
    <div data-testid={testId} className="widget-settings">
      <Form
        tagName="div"
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        validator={optionsValidator}
        widgets={controls}
        templates={FORM_TEMPLATES}
        extraErrors={errorSchemaOf(errors)}
        noHtml5Validate
        showErrorList={false}
        onChange={(event) => onChange({ ...values, ...(event.formData as Partial<V>) })}
      />
    </div>
  );
}
