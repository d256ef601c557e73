import type { ViewField } from '../../schemas';

/**
 * The form's uiSchema for @rjsf/core: widget names are the renderer keys (`${module}/${type}`),
 * 'hidden' for fields the caller may not see; read-only fields get ui:readonly.
 */
export function compileUiSchema(fields: ViewField[]): Record<string, unknown> {
  const ui: Record<string, unknown> = { 'ui:order': [...fields.map((field) => field.key), '*'] };
  for (const field of fields) {
    const entry: Record<string, unknown> = { 'ui:widget': field.visible ? field.renderer : 'hidden' };
    if (!field.editable) entry['ui:readonly'] = true;
    if (field.options.placeholder) entry['ui:placeholder'] = field.options.placeholder;
    if (field.description) entry['ui:description'] = field.description;
    if (field.options.items.length > 0) entry['ui:enumNames'] = field.options.items.map((item) => item.label);
    entry['ui:options'] = { group: field.group };
    ui[field.key] = entry;
  }
  return ui;
}
