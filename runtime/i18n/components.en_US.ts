// English texts of the components rules' message keys (docs/components.md). confNotValid,
// fieldsNotValid, notFound and unexpectedError are already in the main catalogue and are not repeated.
export const componentsEn_US = {
  cantForkVersionExists: "Can't fork, the version already exists.",
  versionIsLive: 'The version is live and cannot be removed.',
  versionIsDev: 'The version is deployed to dev and cannot be removed.',
  lastVersionCannotBeRemoved: 'The last version cannot be removed.',
  liveVersionNotEditable: 'The live version cannot be edited: fork it to change its fields.',
  activeNeedsFields: 'A component can be active only when its fields are set up.',
  publicNeedsActive: 'A component can be public only when it is active.',
  componentRemovalBlockedByDependency: 'Other components depend on this component, so it cannot be removed, cloned or renamed.',
  'identityField.requiredField': 'This is a required field',
  invalidInput: 'Invalid input',
  componentExists: 'A component with this name already exists in this scope.',
  cantBeLessThenChars: "Can't be less then {min} characters",
  cantBeMoreThenChars: "Can't be more then {max} characters",
  fieldKeyReserved: 'This key is reserved: it cannot start with two underscores or be __proto__, constructor or prototype.',
  fieldWithSameNameOrKeyExists: 'A field with the same name or key already exists.',
  invalidSelection: 'Invalid selection',
  foreignKeyOnlyUnique: 'A foreign key field can only be unique, not hashed.',
  notAllFieldsHashed: 'Not every field can be hashed: at least one must stay readable.',
  relationshipNotValid: 'Settings for relationship not valid',
  routeExists: 'A route with the same path already exists.',
  functionExists: 'A function with this name already exists.',
  componentWrongEnvironment: 'The component has no version for this environment.',
} as const;

export type ComponentsMessageKey = keyof typeof componentsEn_US;
