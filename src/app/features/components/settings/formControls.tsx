// Our own controls for @rjsf/core forms of settings (widgets, thunder data sets, an integration's
// settings, a field type's options): text, number, URL and e-mail inputs, selects, a monospace JSON or
// SQL text area and a checkbox, the settings inputs of the component screens, never rjsf's default look.
// A title or hint is a catalogue key (translated when the catalogue has it) or words shown as given; a
// form may look its own keys up first (an integration's `integrations.setting.{id}.{key}`). Each control
// shows its own messages (rjsf validates nothing itself: the CSP forbids ajv's compile, optionsValidator).
import type { RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { FieldErrors } from '../../../components/FieldErrors';
import { Checkbox, NumberInput, SelectInput, TextInput } from './controls';

/** How a form names its inputs and labels them. */
export interface ControlNames {
  /** Inputs are named `{input}.{key}`: what e2e specs and 417 answers map to. */
  input: string;
  /** Choices are labelled `{labels}.{key}.{value}` when the catalogue has the key, else by the schema. */
  labels?: string;
  /** The catalogue key of a setting's title, tried before the schema's title. */
  titleKey?: (key: string) => string;
  /** The catalogue key of a setting's hint, tried before the schema's description. */
  hintKey?: (key: string) => string;
  /** A control's `data-testid`. */
  testId?: (key: string) => string;
  /** An emptied input leaves the setting out (undefined, or null where the schema allows null) rather than '' or 0. */
  emptyIsUndefined?: boolean;
  /** Whether a secret (writeOnly) setting holds a stored value the form never has (an integration's `secrets_set`). */
  secretSet?: (key: string) => boolean;
}

const allowsNull = (schema: RJSFSchema) => [schema.type].flat().includes('null');
const isNumeric = (schema: RJSFSchema) => [schema.type].flat().some((t) => t === 'integer' || t === 'number');

type Text = (key: string | undefined) => string | undefined;

/** A title or hint: translated when it is a catalogue key, else as written. */
export function useSettingText(): Text {
  const intl = useIntl();
  return (text) => (text && Object.prototype.hasOwnProperty.call(intl.messages, text) ? intl.formatMessage({ id: text }) : text);
}

/** The title and hint of one setting: the form's own keys first, then the schema's. */
function useLabels(names: ControlNames, schema: RJSFSchema, name: string) {
  const intl = useIntl();
  const text = useSettingText();
  const own = (key: string | undefined) => (key && Object.prototype.hasOwnProperty.call(intl.messages, key) ? intl.formatMessage({ id: key }) : undefined);
  return {
    label: own(names.titleKey?.(name)) ?? text(schema.title) ?? name,
    hint: own(names.hintKey?.(name)) ?? text(schema.description),
  };
}

type SecretProps = { name: string; label: string; hint?: string; disabled?: boolean; errors?: readonly string[]; testId?: string; required: boolean; value: unknown; onChange: (value: unknown) => void };

/**
 * A secret that is set: the form never has its value (write-only), so an empty password input whose
 * emptiness keeps the stored value (the setting left out of the save: runtime keepSecrets), a new
 * value replaces it, and Remove (only when the schema does not require it) sends null, which clears it.
 */
function SetSecret({ hint, required, value, onChange, ...common }: SecretProps) {
  const intl = useIntl();
  const removed = value === null;
  const state = intl.formatMessage({ id: removed ? 'cmp.secret.removed' : 'cmp.secret.kept' });
  return (
    <div className="stack">
      <TextInput {...common} secret hint={hint ? `${state} ${hint}` : state} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v === '' ? undefined : v)} />
      {!required && !removed ? (
        <button type="button" className="button button-small" disabled={common.disabled} data-testid={common.testId ? `${common.testId}-remove` : undefined} onClick={() => onChange(null)}>
          {intl.formatMessage({ id: 'cmp.secret.remove' })}
        </button>
      ) : null}
    </div>
  );
}

/** The controls of a form whose inputs and choices are named by `names`. */
export function formControls(names: ControlNames): RegistryWidgetsType {
  const inputName = (key: string) => `${names.input}.${key}`;
  const testId = (key: string) => names.testId?.(key);
  const emptied = (schema: RJSFSchema, blank: unknown) => (!names.emptyIsUndefined ? blank : allowsNull(schema) ? null : undefined);
  function TextWidget({ schema, name, value, onChange, disabled, readonly, rawErrors, required }: WidgetProps) {
    const { label, hint } = useLabels(names, schema, name);
    const common = { name: inputName(name), label, hint, disabled: disabled || readonly, errors: rawErrors, testId: testId(name) };
    if (isNumeric(schema)) {
      return <NumberInput {...common} value={typeof value === 'number' ? value : null} min={schema.minimum} max={schema.maximum} onChange={(v) => onChange(v ?? (names.emptyIsUndefined ? undefined : 0))} />;
    }
    // writeOnly (JSON Schema's keyword): a secret setting (runtime/integrations/settings.ts secretSettingKeys).
    if (schema.writeOnly === true && names.secretSet?.(name) === true) return <SetSecret {...common} required={required === true} value={value} onChange={onChange} />;
    return <TextInput {...common} secret={schema.writeOnly === true} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v === '' ? emptied(schema, '') : v)} />;
  }
  function SelectWidget({ schema, name, value, onChange, options, disabled, rawErrors }: WidgetProps) {
    const intl = useIntl();
    const { label, hint } = useLabels(names, schema, name);
    const key = (o: { value: unknown }) => `${names.labels}.${name}.${String(o.value)}`;
    const labelOf = (o: { value: unknown; label: unknown }) => (names.labels && Object.prototype.hasOwnProperty.call(intl.messages, key(o)) ? intl.formatMessage({ id: key(o) }) : String(o.label));
    return (
      <SelectInput
        name={inputName(name)}
        label={label}
        hint={hint}
        value={value === undefined || value === null ? '' : String(value)}
        disabled={disabled}
        errors={rawErrors}
        placeholder={intl.formatMessage({ id: 'cmp.choose' })}
        options={(options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: labelOf(o) }))}
        // The chosen value as the schema's enum has it (a number stays a number).
        onChange={(v) => onChange(options.enumOptions?.find((o) => String(o.value) === v)?.value ?? undefined)}
      />
    );
  }
  /** JSON or SQL as text (the filter, the pipeline, a statement): a monospace area; parsed on save. */
  function JsonWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
    const { label, hint } = useLabels(names, schema, name);
    const id = useId();
    return (
      <div className="field widget-json">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          name={inputName(name)}
          rows={5}
          spellCheck={false}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          data-testid={testId(name)}
          aria-describedby={`${id}-hint`}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          onChange={(e) => onChange(e.target.value === '' ? emptied(schema, '') : e.target.value)}
        />
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
        <FieldErrors messages={rawErrors} />
      </div>
    );
  }
  function CheckboxWidget({ schema, name, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
    const { label, hint } = useLabels(names, schema, name);
    return <Checkbox name={inputName(name)} label={label} hint={hint} checked={value === true} disabled={disabled || readonly} errors={rawErrors} testId={testId(name)} onChange={onChange} />;
  }
  // rjsf picks URLWidget and EmailWidget by a string's format: the same text control.
  return { TextWidget, URLWidget: TextWidget, EmailWidget: TextWidget, SelectWidget, CheckboxWidget, json: JsonWidget };
}
