import type { Constraints, FieldDefinition } from '../../schemas';
import { toStartCase } from './toStartCase';
import { deriveFieldKey } from './deriveFieldKey';
import { normaliseFieldKey } from './normaliseFieldKey';
import { needsLengthBounds } from './needsLengthBounds';
import { DEFAULT_TEXT_LENGTH } from './messageKeys';

export type FieldDraft = Partial<Omit<FieldDefinition, 'constraints'>> & { constraints?: Partial<Constraints> | null };

/**
 * A field as stored: name in Start Case, key derived from the name while auto_key (default on),
 * else normalised as typed; every missing part at its default; group 'general' when empty.
 * Constraint defaults (spec section 3): required false, empty placeholder, length min and max null,
 * except text and password inputs, which need both bounds and get the field length default 1..255.
 * Module and type are kept as given (checkFields reports them when missing or unknown).
 */
export function normaliseField(draft: FieldDraft): FieldDefinition {
  const auto_key = draft.auto_key ?? true;
  const name = toStartCase(draft.name ?? '');
  const key = auto_key ? deriveFieldKey(name) : normaliseFieldKey(draft.key ?? '');
  const given = draft.constraints ?? {};
  const length = given.length ?? (needsLengthBounds(draft.module, draft.type) ? { ...DEFAULT_TEXT_LENGTH } : { min: null, max: null });
  const constraints: Constraints = {
    ...given,
    required: given.required ?? false,
    unique: given.unique ?? false,
    hashed: given.hashed ?? false,
    default: given.default ?? null,
    display_condition: given.display_condition ?? null,
    placeholder: given.placeholder ?? '',
    expression: given.expression ?? null,
    length: { min: length.min ?? null, max: length.max ?? null },
    not_allowed_words: given.not_allowed_words ?? '',
    regex: given.regex ?? null,
    custom_data: given.custom_data ?? null,
  };
  return {
    name,
    key,
    label: draft.label ?? {},
    description: draft.description ?? '',
    module: draft.module as FieldDefinition['module'],
    type: draft.type as FieldDefinition['type'],
    sortOrder: draft.sortOrder ?? 0,
    visible: draft.visible ?? true,
    protected: draft.protected ?? false,
    unique: draft.unique ?? false,
    group: draft.group?.trim() ? draft.group : 'general',
    roles: { see: draft.roles?.see ?? null, edit: draft.roles?.edit ?? null },
    context: draft.context ?? [],
    relation: draft.relation ?? null,
    provided_template: draft.provided_template ?? false,
    template: draft.template ?? null,
    provided_template_component: draft.provided_template_component ?? false,
    component_template: draft.component_template ?? null,
    mutators: { get: draft.mutators?.get ?? null, set: draft.mutators?.set ?? null },
    constraints,
    customListField: draft.customListField ?? false,
    filterable: draft.filterable ?? false,
    formatter: draft.formatter ?? null,
    auto_key,
    ...(draft.read_sources ? { read_sources: draft.read_sources } : {}),
  };
}
