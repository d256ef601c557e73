// The name rules a refused name is told about: each message says which characters and what length
// are allowed, instead of a bare 'invalidInput' (docs/components.md, "Rules and their message keys").
import { COMPONENT_NAME_PATTERN, VERSION_NAME_PATTERN } from '../../schemas/names';
import { ROUTE_PATH_PATTERN } from '../../schemas/route.schema';
import { FIELD_KEY_PATTERN } from '../../schemas/fieldDefinition.schema';

export const NAME_RULE = {
  componentName: 'componentNameRule',
  versionName: 'versionNameRule',
  fieldKey: 'fieldKeyRule',
  routePath: 'routePathRule',
} as const;

/** The rule message of each name pattern of the schemas, for ajv's 'pattern' errors. */
export const PATTERN_RULE: Readonly<Record<string, string>> = {
  [COMPONENT_NAME_PATTERN]: NAME_RULE.componentName,
  [VERSION_NAME_PATTERN]: NAME_RULE.versionName,
  [FIELD_KEY_PATTERN]: NAME_RULE.fieldKey,
  [ROUTE_PATH_PATTERN]: NAME_RULE.routePath,
};
