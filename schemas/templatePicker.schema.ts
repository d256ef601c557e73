// The template picker's value (spec section 2, "Other screens": "Template picker: value is component
// and template"): a component (uuid) and one of its template distribution's entrypoints (an HTML file
// of the distribution, docs/forge.md). A list column's and a field definition's `component_template`
// hold one (with `provided_template_component`), or null.
import type { FromSchema } from 'json-schema-to-ts';

export const TEMPLATE_ENTRYPOINT_PATTERN = '^(?!/)(?!.*(?:^|/)\\.\\.?(?:/|$))[^\\\\\\u0000-\\u001f]{1,195}\\.html?$';
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const templatePickerSchema = {
  type: 'object',
  required: ['component', 'template'],
  properties: {
    component: { type: 'string', pattern: UUID_PATTERN },
    template: { type: 'string', maxLength: 200, pattern: TEMPLATE_ENTRYPOINT_PATTERN },
  },
  additionalProperties: false,
} as const;

/** `component_template`: a picked template, or null. */
export const componentTemplateSchema = { anyOf: [templatePickerSchema, { type: 'null' }], default: null } as const;

export type TemplatePickerValue = FromSchema<typeof templatePickerSchema>;
