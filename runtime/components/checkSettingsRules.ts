import type { FieldError } from '../api/contract';
import type { ComponentSettings } from '../../schemas';
import { ACTION_FIELD_MODULES } from '../../schemas/fieldTypes';
import { ACTION_NAME_MIN, ACTION_NAME_MAX } from '../../schemas/action.schema';
import { ROUTE_PATH_MIN, ROUTE_PATH_MAX } from '../../schemas/route.schema';
import { checkFields } from './checkFields';
import { fieldErrors } from './fieldErrors';
import { COMPONENT_MESSAGE as M } from './messageKeys';
import { NAME_RULE } from './nameRules';
import { normaliseRoutePath } from './routePaths';

/**
 * The rules beyond the schema for one version's model: fields, actions (name 2..25, their fields,
 * modules input/select/radio/checkbox/picker), routes (path 2..64, no white space (routePathRule), unique once lowered) and
 * functions (name required and unique). A length outside its range answers cantBeLessThenChars
 * or cantBeMoreThenChars, by the side it falls on. Paths: 'fields.2.key', 'actions.0.name', 'routes.<path>',
 * 'functions.1.name'.
 */
export function checkSettingsRules(settings: Pick<ComponentSettings, 'fields' | 'actions' | 'routes' | 'functions'>): FieldError[] {
  const errors = fieldErrors();
  errors.addAll(checkFields(settings.fields ?? []));

  (settings.actions ?? []).forEach((action, i) => {
    const name = typeof action.name === 'string' ? action.name.trim() : '';
    if (name === '') errors.add(`actions.${i}.name`, M.requiredField);
    else if (name.length < ACTION_NAME_MIN) errors.add(`actions.${i}.name`, M.cantBeLessThenChars);
    else if (name.length > ACTION_NAME_MAX) errors.add(`actions.${i}.name`, M.cantBeMoreThenChars);
    const fields = action.fields ?? [];
    errors.addAll(checkFields(fields, `actions.${i}.fields`));
    fields.forEach((f, j) => {
      if (f.module && !(ACTION_FIELD_MODULES as readonly string[]).includes(f.module)) {
        errors.add(`actions.${i}.fields.${j}.module`, M.invalidSelection);
      }
    });
  });

  // Paths are lowered when added and saved (routePaths.ts): upper case is no fault, a path equal to
  // an earlier one once lowered is routeExists; white space stays a fault (the schema's pattern).
  const paths = new Set<string>();
  for (const path of Object.keys(settings.routes ?? {})) {
    if (path.length < ROUTE_PATH_MIN) errors.add(`routes.${path}`, M.cantBeLessThenChars);
    else if (path.length > ROUTE_PATH_MAX) errors.add(`routes.${path}`, M.cantBeMoreThenChars);
    if (/\s/.test(path)) errors.add(`routes.${path}`, NAME_RULE.routePath);
    const lower = normaliseRoutePath(path);
    if (paths.has(lower)) errors.add(`routes.${path}`, M.routeExists);
    paths.add(lower);
  }

  const names = new Set<string>();
  (settings.functions ?? []).forEach((fn, i) => {
    const name = typeof fn.name === 'string' ? fn.name.trim() : '';
    if (name === '') errors.add(`functions.${i}.name`, M.requiredField);
    else if (names.has(name)) errors.add(`functions.${i}.name`, M.functionExists);
    names.add(name);
  });
  return errors.list();
}
