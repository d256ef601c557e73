// A settings object edited by @rjsf/core through our own controls (formControls.tsx) with the option
// forms' templates: the widget, data set and integration settings forms.
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { OPTION_TEMPLATES } from './fields/options/optionControls';
import { optionsValidator } from './fields/options/optionsValidator';

/** The option forms' templates (our grid, no rjsf chrome); each control shows its own messages. */
const FORM_TEMPLATES = { ...OPTION_TEMPLATES, FieldErrorTemplate: () => null };

/** The 417 messages (and the form's own) by form key, as rjsf's error schema. */
function errorSchemaOf(errors: Record<string, readonly string[] | undefined>): ErrorSchema {
  const entries = Object.entries(errors).filter((entry): entry is [string, readonly string[]] => entry[1] !== undefined && entry[1].length > 0);
  return Object.fromEntries(entries.map(([key, messages]) => [key, { __errors: [...messages] }])) as ErrorSchema;
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
  disabled,
}: {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  values: V;
  controls: RegistryWidgetsType;
  errors: Record<string, readonly string[] | undefined>;
  onChange: (next: V) => void;
  testId: string;
  disabled?: boolean;
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
        disabled={disabled}
        noHtml5Validate
        showErrorList={false}
        onChange={(event) => onChange({ ...values, ...(event.formData as Partial<V>) })}
      />
    </div>
  );
}
