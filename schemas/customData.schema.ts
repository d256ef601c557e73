// custom_data shapes per module/type (spec section 3, "custom_data shapes"). Each may also be null
// (the widget's own defaults apply). Unknown extra keys are kept: widgets grow options over time.
import type { FromSchema } from 'json-schema-to-ts';
import type { RefStubs } from './ids';

const bool = { type: 'boolean' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const libraries = { type: 'array', items: { type: 'string' } } as const;
const step = { type: 'integer', minimum: 1, maximum: 60 } as const;

export const externalSelectDataSchema = { type: ['string', 'null'], maxLength: 100000 } as const;

export const textI18nDataSchema = {
  type: 'object',
  properties: { default_locale: nullableString },
  additionalProperties: true,
} as const;

export const datetimeDataSchema = {
  type: 'object',
  properties: {
    is12h: bool,
    hourStep: step,
    minuteStep: step,
    format: { type: 'string', maxLength: 64 },
    availableHours: { anyOf: [{ type: 'string', pattern: '^\\s*\\d{1,2}(:\\d{2})?\\s*-\\s*\\d{1,2}(:\\d{2})?\\s*$' }, { type: 'null' }, { const: '' }] },
    disablePastDates: bool,
    from: nullableString,
    to: nullableString,
  },
  additionalProperties: true,
} as const;

export const timeDataSchema = {
  type: 'object',
  properties: { is24h: bool, showSeconds: bool, minuteStep: step },
  additionalProperties: true,
} as const;

export const daterangeDataSchema = {
  type: 'object',
  properties: {
    is12h: bool,
    format: { type: 'string', maxLength: 64 },
    disablePastDates: bool,
    disableFutureDates: bool,
    timePicker: bool,
    minuteStep: step,
  },
  additionalProperties: true,
} as const;

export const imageDataSchema = {
  type: 'object',
  properties: {
    chooseFromLibrary: bool,
    chooseFromDevice: bool,
    chooseExternalSource: bool,
    libraries,
    defaultLibrary: nullableString,
    publicUpload: bool,
    subDir: nullableString,
  },
  additionalProperties: true,
} as const;

export const fileDataSchema = {
  type: 'object',
  properties: {
    chooseFromLibrary: bool,
    chooseFromDevice: bool,
    defaultLibrary: nullableString,
    libraries,
    extensions: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
    multiple: bool,
  },
  additionalProperties: true,
} as const;

export const carouselDataSchema = {
  type: 'object',
  properties: {
    width: { type: 'integer', minimum: 1, maximum: 100000 },
    height: { type: 'integer', minimum: 1, maximum: 100000 },
    controls: bool,
    interval: { type: 'integer', minimum: 0 },
    chooseFromLibrary: bool,
    chooseFromDevice: bool,
    chooseExternalSource: bool,
    libraries,
    defaultLibrary: nullableString,
    max_images: { type: 'integer', minimum: 1, maximum: 1000 },
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
