import type { CompileInput, FieldDefinition, ViewField } from '../../schemas';
import { compileFieldVariables } from '../environment/fieldVariables';
import { coerceValue } from '../validation/coerceValue';
import { compileOptions } from './compileOptions';
import { compileRelation } from './compileRelation';
import { fieldAccess } from './fieldAccess';
import { localizeLabel } from './localizeLabel';
import { validationPlan } from './validationPlan';

type Draft = Pick<FieldDefinition, 'key' | 'module' | 'type'> & Partial<FieldDefinition>;

/** Sub-fields (fieldset items, table columns) compiled like the component's own fields. */
function compileSubFields(raw: unknown, input: CompileInput): ViewField[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((sub): sub is Draft => !!sub && typeof sub === 'object' && typeof (sub as Draft).key === 'string')
    .map((sub, index) => ({ sub, index }))
    .sort((a, b) => (a.sub.sortOrder ?? 0) - (b.sub.sortOrder ?? 0) || a.index - b.index)
    .map(({ sub }) => compileField(sub, input));
}

/** One field definition as the renderers and the rules read it (docs/records.md, ViewField). */
export function compileField(field: Draft, input: CompileInput): ViewField {
  const { module, type, key } = field;
  const options = compileOptions(field, input.locale);
  if (module === 'fieldset') {
    options.customData = { fields: compileSubFields(field.constraints?.custom_data, input) };
  }
  if (module === 'table') {
    const table = field.constraints?.table ?? {};
    options.customData = {
      ...options.customData,
      search: table.search === true,
      perPage: table.per_page ?? 10,
      // table/custom: the columns may be given as custom_data (a list of sub-field definitions) instead.
      fields: compileSubFields(
        type === 'custom' && !(Array.isArray(table.fields) && table.fields.length > 0) && Array.isArray(field.constraints?.custom_data) ? field.constraints.custom_data : table.fields,
        input,
      ),
    };
  }
  // A ratchet-sourced external select reads its options from the server by component and key (the
  // statement stays there: docs/ratchet.md "The external select").
  if (module === 'select' && type === 'external') {
    const ratchet = (field.constraints as { ratchet?: unknown } | undefined)?.ratchet;
    if (ratchet && typeof ratchet === 'object') options.customData = { ...options.customData, ratchet: { component: input.component.uuid } };
  }
  if (module === 'text' && type === 'document') {
    // The page margin in px: constraints.margin, else custom_data.margin, else 10 (spec section 3).
    const given = [field.constraints?.margin, options.customData.margin].find((m) => typeof m === 'number' && Number.isFinite(m) && m >= 0);
    options.customData = { ...options.customData, margin: typeof given === 'number' ? given : 10 };
  }
  const shape = { module, type, options };
  const rawDefault = field.constraints?.default;
  return {
    key,
    label: localizeLabel(field.label, input.locale, field.name || key),
    description: field.description ?? '',
    module,
    type,
    renderer: `${module}/${type}`,
    group: field.group?.trim() ? field.group : 'general',
    ...fieldAccess({ roles: field.roles ?? { see: null, edit: null }, protected: field.protected ?? false }, input),
    protected: field.protected ?? false,
    // A password is never stored or answered in clear, whether or not the field says hashed.
    hashed: field.constraints?.hashed === true || (field.module === 'input' && field.type === 'password'),
    unique: field.unique === true || field.constraints?.unique === true,
    // An unticked yes/no checkbox means no: without a default it starts (and saves) false, never null.
    defaultValue: rawDefault === undefined || rawDefault === null ? (module === 'checkbox' && type === 'bool' ? false : null) : coerceValue(shape, structuredClone(rawDefault)),
    options,
    validation: validationPlan(module, type, options),
    mutators: { get: field.mutators?.get ?? null, set: field.mutators?.set ?? null },
    template: field.provided_template && field.template ? field.template : null,
    relation: compileRelation(field.relation),
    variables: compileFieldVariables(field.context),
  };
}
