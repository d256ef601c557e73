// custom_data shapes per module/type (spec section 3, "custom_data shapes"). Each may also be null
// (the widget's own defaults apply). Unknown extra keys are kept: widgets grow options over time.
import type { FromSchema } from 'json-schema-to-ts';
import type { RefStubs } from './ids';

const bool = { type: 'boolean' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const step = { type: 'integer', minimum: 1, maximum: 60 } as const;

/**
 * An option with its title and description: i18n keys (cmp.fields.opt.<name>.title/.help, in both
 * catalogues) that the field dialog's form (@rjsf/core) resolves; a plugin's schema may give words.
 * Annotations only: ajv ignores them when it checks custom_data.
 */
function opt<const N extends string, const S extends object>(name: N, schema: S) {
  return { ...schema, title: `cmp.fields.opt.${name}.title`, description: `cmp.fields.opt.${name}.help` } as const;
}

const is12h = opt('is12h', bool);
const minuteStep = opt('minuteStep', step);
const format = opt('format', { type: 'string', maxLength: 64 });
const disablePastDates = opt('disablePastDates', bool);
const chooseFromLibrary = opt('chooseFromLibrary', bool);
const chooseFromDevice = opt('chooseFromDevice', bool);
const chooseExternalSource = opt('chooseExternalSource', bool);
/** Media library uuids the chooser offers (empty: every library the user may use). */
const libraries = opt('libraries', { type: 'array', items: { type: 'string' } });
const defaultLibrary = opt('defaultLibrary', nullableString);

export const externalSelectDataSchema = { type: ['string', 'null'], maxLength: 100000 } as const;

export const textI18nDataSchema = {
  type: 'object',
  properties: { default_locale: opt('default_locale', nullableString) },
  additionalProperties: true,
} as const;

export const datetimeDataSchema = {
  type: 'object',
  properties: {
    is12h,
    hourStep: opt('hourStep', step),
    minuteStep,
    format,
    availableHours: opt('availableHours', { anyOf: [{ type: 'string', pattern: '^\\s*\\d{1,2}(:\\d{2})?\\s*-\\s*\\d{1,2}(:\\d{2})?\\s*$' }, { type: 'null' }, { const: '' }] }),
    disablePastDates,
    from: opt('from', nullableString),
    to: opt('to', nullableString),
  },
  additionalProperties: true,
} as const;

export const timeDataSchema = {
  type: 'object',
  properties: { is24h: opt('is24h', bool), showSeconds: opt('showSeconds', bool), minuteStep },
  additionalProperties: true,
} as const;

export const daterangeDataSchema = {
  type: 'object',
  properties: {
    is12h,
    format,
    disablePastDates,
    disableFutureDates: opt('disableFutureDates', bool),
    timePicker: opt('timePicker', bool),
    minuteStep,
  },
  additionalProperties: true,
} as const;

export const imageDataSchema = {
  type: 'object',
  properties: {
    chooseFromLibrary,
    chooseFromDevice,
    chooseExternalSource,
    libraries,
    defaultLibrary,
    publicUpload: opt('publicUpload', bool),
    subDir: opt('subDir', nullableString),
  },
  additionalProperties: true,
} as const;

export const fileDataSchema = {
  type: 'object',
  properties: {
    chooseFromLibrary,
    chooseFromDevice,
    defaultLibrary,
    libraries,
    extensions: opt('extensions', { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] }),
    multiple: opt('multiple', bool),
  },
  additionalProperties: true,
} as const;

export const carouselDataSchema = {
  type: 'object',
  properties: {
    width: opt('width', { type: 'integer', minimum: 1, maximum: 100000 }),
    height: opt('height', { type: 'integer', minimum: 1, maximum: 100000 }),
    controls: opt('controls', bool),
    interval: opt('interval', { type: 'integer', minimum: 0 }),
    chooseFromLibrary,
    chooseFromDevice,
    chooseExternalSource,
    libraries,
    defaultLibrary,
    max_images: opt('max_images', { type: 'integer', minimum: 1, maximum: 1000 }),
  },
  additionalProperties: true,
} as const;

/** A fieldset's custom_data: its sub-field definitions. */
export const fieldsetDataSchema = {
  type: 'array',
  items: { $ref: 'https://luma.local/schemas/field-definition.schema.json' },
} as const;

/** module/type -> the custom_data schema that pair requires (pairs not listed accept any JSON). */
export const CUSTOM_DATA_SCHEMAS = [
  ['select', 'external', externalSelectDataSchema],
  ['input', 'text_i18n', textI18nDataSchema],
  ['text', 'editor_i18n', textI18nDataSchema],
  ['picker', 'datetime', datetimeDataSchema],
  ['picker', 'time', timeDataSchema],
  ['picker', 'daterange', daterangeDataSchema],
  ['input', 'image', imageDataSchema],
  ['input', 'imagev2', imageDataSchema],
  ['input', 'file', fileDataSchema],
  ['image', 'carousel', carouselDataSchema],
  ['fieldset', 'default', fieldsetDataSchema],
] as const;

export type TextI18nData = FromSchema<typeof textI18nDataSchema, { references: RefStubs }>;
export type DatetimeData = FromSchema<typeof datetimeDataSchema, { references: RefStubs }>;
export type TimeData = FromSchema<typeof timeDataSchema, { references: RefStubs }>;
export type DaterangeData = FromSchema<typeof daterangeDataSchema, { references: RefStubs }>;
export type ImageData = FromSchema<typeof imageDataSchema, { references: RefStubs }>;
export type FileData = FromSchema<typeof fileDataSchema, { references: RefStubs }>;
export type CarouselData = FromSchema<typeof carouselDataSchema, { references: RefStubs }>;

/**
 * Defaults the widgets apply (spec section 3). Not schema defaults: custom_data may be null,
 * and ajv cannot fill defaults inside the anyOf that allows it.
 */
export const CUSTOM_DATA_DEFAULTS = {
  datetime: { minuteStep: 1, format: 'yyyy-MM-dd HH:mm' },
  daterange: { format: 'yyyy-mm-dd', minuteStep: 1 },
  carousel: { width: 1024, height: 480, interval: 0, max_images: 5 },
  textI18n: { default_locale: 'en_US' },
} as const;
