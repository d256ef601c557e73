// GET /v3/system/component/version/diff (docs/components.md "Version diff"): its query and answer's
// schemas for the OpenAPI document; the types are VersionDiff and its parts in ./components.
import { anyObjectSchema, arrayOf, closed, nullable, stringListSchema, stringSchema } from './schema-kit';

export const versionDiffQuery = {
  type: 'object',
  properties: {
    ref: { type: 'string', description: 'the component: its uuid, or scope/name' },
    from: { type: 'string', description: 'the older version (default: the live version; none live: the diff from nothing); judged as the version calls judge a name' },
    to: { type: 'string', description: 'the newer version (required)' },
  },
  additionalProperties: false,
} as const;

const propertyChange = {
  type: 'object',
  required: ['property', 'group'],
  properties: {
    property: { type: 'string', description: 'a dotted path from the item: type, constraints.required, roles.see, appearance.icon...' },
    group: { type: 'string', enum: ['type', 'key', 'constraints', 'rules', 'relation', 'roles', 'hidden', 'other'] },
    effect: { type: 'string', enum: ['tightened', 'loosened'] },
    from: { description: 'the older value (left out: the older side has no such property)' },
    to: { description: 'the newer value (left out: the newer side has none)' },
  },
  additionalProperties: false,
} as const;
const changes = arrayOf(propertyChange);
const order = nullable(stringListSchema);
const listDiff = (change: object) =>
  closed({ added: arrayOf(anyObjectSchema), removed: arrayOf(anyObjectSchema), changed: arrayOf(change), order }, ['added', 'removed', 'changed', 'order']);
const itemChange = closed({ name: stringSchema, changes }, ['name', 'changes']);
const count = { type: 'integer' } as const;
const fateRule = {
  type: 'string',
  enum: ['removed', 'lost', 'type', 'required', 'minLength', 'maxLength', 'notAllowedWords', 'regex', 'email', 'time', 'min', 'max', 'oneOf', 'unique'],
} as const;

/** The live records' fate (docs/components.md "The records' fate"), in the diff from what is live only. */
export const versionFateSchema = closed(
  {
    records: count,
    refused: count,
    losing: count,
    counts: arrayOf(closed({ field: stringSchema, rule: fateRule, count }, ['field', 'rule', 'count'])),
    first: arrayOf(closed({ uuid: stringSchema, breaks: arrayOf(closed({ field: stringSchema, rule: fateRule }, ['field', 'rule'])) }, ['uuid', 'breaks'])),
    uncounted: stringListSchema,
    timed_out: { type: 'boolean', enum: [true] },
  },
  ['records', 'refused', 'losing', 'counts', 'first', 'uncounted'],
);

export const versionDiffSchema = closed(
  {
    component: stringSchema,
    from: nullable(stringSchema),
    to: stringSchema,
    fields: listDiff(closed({ key: stringSchema, name: stringSchema, changes }, ['key', 'name', 'changes'])),
    presets: listDiff(itemChange),
    actions: listDiff(itemChange),
    functions: listDiff(itemChange),
    events: closed({ added: stringListSchema, removed: stringListSchema, order }, ['added', 'removed', 'order']),
    appearance: changes,
    config: changes,
    other: changes,
    summary: closed(
      {
        fieldsAdded: count,
        fieldsRemoved: count,
        fieldsChanged: count,
        fieldsOtherwiseChanged: count,
        typesChanged: count,
        constraintsTightened: count,
        constraintsLoosened: count,
        itemsChanged: count,
        settingsChanged: count,
      },
      ['fieldsAdded', 'fieldsRemoved', 'fieldsChanged', 'fieldsOtherwiseChanged', 'typesChanged', 'constraintsTightened', 'constraintsLoosened', 'itemsChanged', 'settingsChanged'],
    ),
    fate: versionFateSchema,
  },
  ['component', 'from', 'to', 'fields', 'presets', 'actions', 'functions', 'events', 'appearance', 'config', 'other', 'summary'],
);
