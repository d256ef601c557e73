// How the options form (@rjsf/core) shows each property of a type's options schema: media library
// keys as pickers of the project's libraries, lists of free texts as tag lists, a text with
// alternative shapes as one text; the rest by rjsf's defaults (our widgets, optionControls.tsx).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

const isStringList = (schema: RJSFSchema) => schema.type === 'array' && typeof schema.items === 'object' && !Array.isArray(schema.items) && schema.items.type === 'string';
const branches = (schema: RJSFSchema): RJSFSchema[] => [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((b): b is RJSFSchema => typeof b === 'object');

function propertyUi(key: string, schema: RJSFSchema): UiSchema | null {
  if (key === 'libraries' && isStringList(schema)) return { 'ui:field': 'mediaLibraries' };
  if (key === 'defaultLibrary') return { 'ui:widget': 'mediaLibrary' };
  if (isStringList(schema)) return { 'ui:field': 'tags' };
  const alternatives = branches(schema);
  if (alternatives.some(isStringList)) return { 'ui:field': 'tags', 'ui:fieldReplacesAnyOrOneOf': true };
  if (alternatives.some((b) => b.type === 'string')) return { 'ui:field': 'text', 'ui:fieldReplacesAnyOrOneOf': true };
  return null;
}

/** The uiSchema of an object options schema; no submit button (the dialog has its own). */
export function optionsUiSchema(schema: RJSFSchema): UiSchema {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (typeof prop !== 'object') continue;
    const entry = propertyUi(key, prop);
    if (entry) ui[key] = entry;
  }
  return ui;
}

/**
 * The schema the form renders: without additionalProperties, which the stored schema keeps (unknown
 * keys survive, spec section 3) but which would make rjsf offer to add and rename keys. The keys the
 * form does not know stay in the data it edits.
 */
export function renderedSchema(schema: RJSFSchema): RJSFSchema {
  const { additionalProperties: _kept, ...rest } = schema;
  return rest;
}
