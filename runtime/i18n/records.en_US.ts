// English texts of the record form messages (spec section 5, "Record form rules" and "Messages in
// English", verbatim) and the record view's labels. identityField.requiredField, invalidInput,
// cantBeLessThenChars and invalidSelection are already in the components catalogue and are not repeated.
export const recordsEn_US = {
  cantBeMoreThenChars: "Can't be more then {max} characters",
  symbolNotAllowed: 'Letter or symbol {symbol} is not allowed',
  wordNotAllowed: 'Word {word} is not allowed',
  invalidEmail: 'Invalid email',
  cantBeMoreThen: "Can't be more then {max}",
  cantBeLessThen: "Can't be less then {min}",
  selectNotLessThen: 'You need to select not less then {min} and not more then {max}',
  numberNotInRange: 'Number not in range',
  invalidNumber: 'Invalid number',
  invalidDates: 'Invalid dates',
  maxNrOfImages: 'Maximum number of images is {max}',
  maxNrOfImagesExceeded: 'Maximum number of images exceeded',
  invalidFields: 'Some of the items are not valid',
  // Server error codes mapped (spec section 5).
  email_already_exists: 'Email already exists',
  unique: 'This field must be unique',
  invalid: 'Invalid value',
  'identityField.passwordDoesntMatch': "Passwords don't match",
  // Record view labels: the default tab and the virtual list columns (spec section 3, "List field").
  'records.group.general': 'General',
  'records.column.uuid': 'UUID',
  'records.column.disabled_at': 'Disabled at',
  'records.column.created_at': 'Created at',
  'records.column.updated_at': 'Updated at',
} as const;

export type RecordsMessageKey = keyof typeof recordsEn_US;
