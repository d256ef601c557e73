import type { CompilePage } from '../../schemas';

/**
 * One message of a field (docs/records.md): a catalogue key of spec section 5 and its parameters.
 * path, when set, is where inside the value it applies ('locales.sr' of a text_i18n field);
 * validateRecord reports it at `${key}.${path}`.
 */
export interface FieldMessage {
  /** A catalogue key; the record rules only report RecordMessageKey values (renderers may add their own). */
  key: string;
  values?: Record<string, string | number>;
  path?: string;
}

export interface ValidationContext {
  page: CompilePage;
  /** "Now" for the date rules (no past / no future dates); the current time when absent. The server passes its clock. */
  now?: Date;
}

/** Every message key the record rules report (spec section 5, "Record form rules"), plus the server codes. */
export const RECORD_MESSAGE = {
  requiredField: 'identityField.requiredField',
  cantBeMoreThenChars: 'cantBeMoreThenChars',
  cantBeLessThenChars: 'cantBeLessThenChars',
  symbolNotAllowed: 'symbolNotAllowed',
  wordNotAllowed: 'wordNotAllowed',
  invalidInput: 'invalidInput',
  invalidEmail: 'invalidEmail',
  cantBeMoreThen: 'cantBeMoreThen',
  cantBeLessThen: 'cantBeLessThen',
  invalidSelection: 'invalidSelection',
  selectNotLessThen: 'selectNotLessThen',
  numberNotInRange: 'numberNotInRange',
  invalidNumber: 'invalidNumber',
  invalidDates: 'invalidDates',
  maxNrOfImages: 'maxNrOfImages',
  maxNrOfImagesExceeded: 'maxNrOfImagesExceeded',
  /** Media values (docs/media-widgets.md): not a library path inside its library nor http(s); a library of another project (server). */
  invalidMediaUrl: 'mediaWidgets.invalidMediaUrl',
  libraryNotInProject: 'mediaWidgets.libraryNotInProject',
  invalidFields: 'invalidFields',
  unique: 'unique',
  invalid: 'invalid',
  emailAlreadyExists: 'email_already_exists',
  passwordDoesntMatch: 'identityField.passwordDoesntMatch',
} as const;

export type RecordMessageKey = (typeof RECORD_MESSAGE)[keyof typeof RECORD_MESSAGE];

/** What a password field shows on the model edit page instead of the stored hash (spec section 3). */
export const PASSWORD_TOKEN = '__PASSWORD__';
