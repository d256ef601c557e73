// Message keys of the components rules (docs/components.md, "Rules and their message keys").
export const COMPONENT_MESSAGE = {
  confNotValid: 'confNotValid',
  fieldsNotValid: 'fieldsNotValid',
  cantForkVersionExists: 'cantForkVersionExists',
  versionIsLive: 'versionIsLive',
  versionIsDev: 'versionIsDev',
  lastVersionCannotBeRemoved: 'lastVersionCannotBeRemoved',
  liveVersionNotEditable: 'liveVersionNotEditable',
  activeNeedsFields: 'activeNeedsFields',
  publicNeedsActive: 'publicNeedsActive',
  componentRemovalBlockedByDependency: 'componentRemovalBlockedByDependency',
  componentHasWorkflows: 'componentHasWorkflows',
  requiredField: 'identityField.requiredField',
  invalidInput: 'invalidInput',
  componentExists: 'componentExists',
  cantBeLessThenChars: 'cantBeLessThenChars',
  cantBeMoreThenChars: 'cantBeMoreThenChars',
  fieldWithSameNameOrKeyExists: 'fieldWithSameNameOrKeyExists',
  fieldKeyReserved: 'fieldKeyReserved',
  invalidSelection: 'invalidSelection',
  foreignKeyOnlyUnique: 'foreignKeyOnlyUnique',
  notAllFieldsHashed: 'notAllFieldsHashed',
  relationshipNotValid: 'relationshipNotValid',
  routeExists: 'routeExists',
  functionExists: 'functionExists',
  componentWrongEnvironment: 'componentWrongEnvironment',
  notFound: 'notFound',
} as const;

export type ComponentMessageKey = (typeof COMPONENT_MESSAGE)[keyof typeof COMPONENT_MESSAGE];

/** Name and key minimum length (spec section 9). */
export const NAME_MIN = 2;
/** Text and password input length bounds (spec section 9). */
export const LENGTH_BOUND_MAX = 99999;
/** Field length default (spec section 9), used for text and password inputs, which need both bounds. */
export const DEFAULT_TEXT_LENGTH = { min: 1, max: 255 } as const;
