import type { FieldError } from '../api/contract';
import { declaredFieldType, isKnownModule, isKnownPair } from '../fieldTypes/catalogue';
import type { FieldDraft } from './normaliseField';
import { fieldErrors } from './fieldErrors';
import { normaliseFieldKey } from './normaliseFieldKey';
import { needsLengthBounds } from './needsLengthBounds';
import { isEmptyRelation } from './isEmptyRelation';
import { COMPONENT_MESSAGE as M, NAME_MIN, LENGTH_BOUND_MAX } from './messageKeys';
import { NAME_RULE } from './nameRules';

/**
 * Keys a record's data cannot hold: names that reach an object's prototype (a field '__proto__' would
 * break every create on its component) and the '__' prefix kept for record properties (__version__).
 */
export function isReservedFieldKey(key: string): boolean {
  return key.startsWith('__') || key === 'constructor' || key === 'prototype';
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Every field rule of docs/components.md, with errors at paths like 'fields.2.key'.
 * Sub-fields (a fieldset's custom_data, a table's constraints.table.fields) are checked the same
 * way under their own paths. `path` is the list's path ('actions.0.fields' for an action's fields).
 */
export function checkFields(fields: readonly FieldDraft[], path = 'fields'): FieldError[] {
  const errors = fieldErrors();
  const names = new Set<string>();
  const keys = new Set<string>();
  const ownKeys = new Set(['uuid', ...fields.map((f) => f.key).filter((k): k is string => typeof k === 'string')]);

  fields.forEach((field, i) => {
    const at = `${path}.${i}`;
    const name = typeof field.name === 'string' ? field.name.trim() : '';
    const key = typeof field.key === 'string' ? field.key : '';

    if (name === '') errors.add(`${at}.name`, M.requiredField);
    else if (name.length < NAME_MIN) errors.add(`${at}.name`, M.cantBeLessThenChars);

    if (key === '') errors.add(`${at}.key`, M.requiredField);
    else if (key.length < NAME_MIN) errors.add(`${at}.key`, M.cantBeLessThenChars);
    else if (normaliseFieldKey(key) !== key) errors.add(`${at}.key`, NAME_RULE.fieldKey);
    else if (isReservedFieldKey(key)) errors.add(`${at}.key`, M.fieldKeyReserved);

    const lowerName = name.toLowerCase();
    if ((name !== '' && names.has(lowerName)) || (key !== '' && keys.has(key))) {
      errors.add(`${at}.${key !== '' && keys.has(key) ? 'key' : 'name'}`, M.fieldWithSameNameOrKeyExists);
    }
    if (name !== '') names.add(lowerName);
    if (key !== '') keys.add(key);

    if (!field.module) errors.add(`${at}.module`, M.requiredField);
    else if (!isKnownModule(field.module)) errors.add(`${at}.module`, M.invalidSelection);
    if (!field.type) errors.add(`${at}.type`, M.requiredField);
    else if (isKnownModule(field.module) && !isKnownPair(field.module, field.type)) errors.add(`${at}.type`, M.invalidSelection);

    const constraints = field.constraints ?? {};
    const length = constraints.length;
    const min = length?.min;
    const max = length?.max;
    if (needsLengthBounds(field.module, field.type)) {
      if (!isNumber(min) || min < 0 || min > LENGTH_BOUND_MAX) errors.add(`${at}.constraints.length.min`, M.invalidInput);
      if (!isNumber(max) || max < 0 || max > LENGTH_BOUND_MAX) errors.add(`${at}.constraints.length.max`, M.invalidInput);
    }
    if (isNumber(min) && isNumber(max) && min > max) errors.add(`${at}.constraints.length`, M.invalidInput);

    const hasRelation = !isEmptyRelation(field.relation);
    if (hasRelation && constraints.hashed === true) errors.add(`${at}.constraints.hashed`, M.foreignKeyOnlyUnique);
    if (hasRelation) {
      const pair = field.relation?.key;
      const full = Array.isArray(pair) && pair.length === 2 && pair.every((k) => typeof k === 'string' && k !== '');
      const foreign = field.relation?.foreign || field.relation?.foreign_uuid;
      if (!foreign || !full || !ownKeys.has(pair[0]!)) errors.add(`${at}.relation`, M.relationshipNotValid);
    }

    // A plugin type's options are checked with its declared schema, as the built-in ones are by the field-definition schema.
    const declared = declaredFieldType(field.module, field.type);
    if (declared?.checkOptions && constraints.custom_data != null && !declared.checkOptions(constraints.custom_data)) errors.add(`${at}.constraints.custom_data`, M.invalidInput);

    const subFields = field.module === 'fieldset' ? constraints.custom_data : undefined;
    if (Array.isArray(subFields)) errors.addAll(checkFields(subFields as FieldDraft[], `${at}.constraints.custom_data`));
    const tableFields = constraints.table?.fields;
    if (Array.isArray(tableFields)) errors.addAll(checkFields(tableFields, `${at}.constraints.table.fields`));
  });

  if (fields.length > 0 && fields.every((f) => f.constraints?.hashed === true)) errors.add(path, M.notAllFieldsHashed);
  return errors.list();
}
