import { CUSTOM_DATA_DEFAULTS } from '../../schemas';

const DEFAULTS_BY_PAIR: Record<string, Record<string, unknown>> = {
  'picker/datetime': CUSTOM_DATA_DEFAULTS.datetime,
  'picker/daterange': CUSTOM_DATA_DEFAULTS.daterange,
  'image/carousel': CUSTOM_DATA_DEFAULTS.carousel,
  'input/text_i18n': CUSTOM_DATA_DEFAULTS.textI18n,
  'text/editor_i18n': CUSTOM_DATA_DEFAULTS.textI18n,
};

/**
 * custom_data merged over the defaults of its module/type (spec section 3, "custom_data shapes").
 * Shapes that are not objects are wrapped so renderers always read an object: the external select's
 * expression string becomes { expression } (the fieldset's list is compiled by compileField).
 */
export function mergeCustomData(module: string, type: string, customData: unknown): Record<string, unknown> {
  const defaults = DEFAULTS_BY_PAIR[`${module}/${type}`] ?? {};
  if (module === 'select' && type === 'external') {
    return { expression: typeof customData === 'string' ? customData : null };
  }
  if (customData && typeof customData === 'object' && !Array.isArray(customData)) {
    const given = Object.fromEntries(Object.entries(customData).filter(([, value]) => value !== undefined && value !== null));
    return { ...defaults, ...given };
  }
  return { ...defaults };
}
