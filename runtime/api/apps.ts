// Platform apps (docs/apps.md): their shapes, the rules of an app's definition and the call schemas.
// Paths are under HOST_PREFIX.main:
//   POST, GET /v3/system/app; GET, PATCH, DELETE /v3/system/app/{id} (GET ?version=)
//   PUT  /v3/system/app/{id}/definition/{version}     save a version's pages and menu
//   POST /v3/system/app/{id}/version/fork|remove|publish
//   PUT  /v3/system/app/{id}/onboarding               {finished}
//   GET  /v3/system/gateway/app-service/app/workspace|all   the apps visible in the caller's environment
// Framework-free: the server checks bodies with these rules, the editor and the container read the shapes.
import type { FieldError } from './contract';
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export const APP_ENVS = ['dev', 'live'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

/** An app's name: unique in its project; lower-case identifier-like, 2..64. */
export const APP_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,63}$/;
export const APP_LIMITS = {
  labelMax: 100,
  iconMax: 64,
  pages: 50,
  blocksPerPage: 50,
  menuItems: 50,
  titleMax: 100,
  htmlMax: 100_000,
  refMax: 200,
} as const;
/** Lists an app's pages read ask for 500 records a page (spec section 9; the X-App header). */
export const APP_LIST_PAGE_SIZE = 500;
export const APP_PAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const APP_PAGE_PATH_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const APP_ENTRYPOINTS = ['list', 'create', 'edit'] as const;
export type AppEntrypoint = (typeof APP_ENTRYPOINTS)[number];

/** Message keys the app calls answer with beyond the component ones (catalogue: runtime/i18n/apps.*.ts). */
export const APP_MESSAGE = {
  exists: 'appExists',
  nameRule: 'appNameRule',
  notFound: 'appNotFound',
  fetchFailed: 'failedToFetchApps',
} as const;

export type AppBlock = { kind: 'component'; ref: string; entrypoint?: AppEntrypoint } | { kind: 'text'; html: string } | { kind: 'widget'; widget: string };
export const APP_BLOCK_KINDS = ['component', 'text', 'widget'] as const;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export interface AppPage {
  id: string;
  title: string;
  path: string;
  blocks: AppBlock[];
}
export interface AppMenuItem {
  page: string;
  label?: string;
}
export interface AppDefinition {
  pages: AppPage[];
  menu: AppMenuItem[];
}
export const EMPTY_APP_DEFINITION: AppDefinition = { pages: [], menu: [] };

export interface AppOnboarding {
  required: boolean;
  finished: boolean;
}

export interface App {
  uuid: string;
  name: string;
  label: string;
  icon: string | null;
  dev_version: string | null;
  public_version: string | null;
  onboarding: AppOnboarding;
  /** Version names, oldest first. */
  versions: string[];
  workspaces: { uuid: string; name: string }[];
  created_at: string;
  updated_at: string;
}

/** An app with the definition of one of its versions. */
export interface AppWithDefinition extends App {
  version: string;
  definition: AppDefinition;
}

/** An app as the gateway lists it: what a home tile needs. */
export interface GatewayApp {
  uuid: string;
  name: string;
  label: string;
  icon: string | null;
  /** The version the caller's environment shows. */
  version: string;
  onboarding: AppOnboarding;
}

export interface AppCreateBody {
  name: string;
  label?: string;
  icon?: string | null;
  onboarding_required?: boolean;
  /** Workspace uuids (default: the caller's current workspace). */
  workspaces?: string[];
}
export type AppPatchBody = Partial<AppCreateBody>;

// ---- The definition's rules -------------------------------------------------------------------------

type Input = Record<string, unknown>;
const isObject = (value: unknown): value is Input => typeof value === 'object' && value !== null && !Array.isArray(value);

class Problems {
  readonly list: FieldError[] = [];
  add(field: string, message: string, values?: Record<string, number>): void {
    this.list.push(values ? { field, messages: [message], values: [values] } : { field, messages: [message] });
  }
  /** Unknown keys of an object are refused by name. */
  onlyKeys(value: Input, keys: readonly string[], at: string): void {
    for (const key of Object.keys(value)) if (!keys.includes(key)) this.add(`${at}.${key}`, 'invalidInput');
  }
  text(value: unknown, at: string, max: number, required = true): string | undefined {
    if (value === undefined || value === null || value === '') {
      if (required) this.add(at, 'identityField.requiredField');
      return undefined;
    }
    if (typeof value !== 'string' || value.includes('\u0000')) return void this.add(at, 'invalidInput');
    if (value.length > max) return void this.add(at, 'cantBeMoreThenChars', { max });
    return value;
  }
  array(value: unknown, at: string, max: number): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) return (this.add(at, 'invalidInput'), []);
    if (value.length > max) return (this.add(at, 'cantBeMoreThenChars', { max }), []);
    return value;
  }
}

function checkBlock(value: unknown, at: string, problems: Problems): AppBlock | undefined {
  if (!isObject(value)) return void problems.add(at, 'invalidInput');
  if (value.kind === 'text') {
    problems.onlyKeys(value, ['kind', 'html'], at);
    const html = problems.text(value.html, `${at}.html`, APP_LIMITS.htmlMax, false) ?? '';
    return { kind: 'text', html };
  }
  if (value.kind === 'widget') {
    // Whether it is one of the project's widgets is the server's check (apps/definition.ts).
    problems.onlyKeys(value, ['kind', 'widget'], at);
    const widget = problems.text(value.widget, `${at}.widget`, 36);
    if (widget === undefined) return undefined;
    if (!UUID_PATTERN.test(widget)) return void problems.add(`${at}.widget`, 'invalidSelection');
    return { kind: 'widget', widget: widget.toLowerCase() };
  }
  if (value.kind !== 'component') return void problems.add(`${at}.kind`, 'invalidSelection');
  problems.onlyKeys(value, ['kind', 'ref', 'entrypoint'], at);
  const ref = problems.text(value.ref, `${at}.ref`, APP_LIMITS.refMax);
  if (value.entrypoint !== undefined && !APP_ENTRYPOINTS.includes(value.entrypoint as AppEntrypoint)) problems.add(`${at}.entrypoint`, 'invalidSelection');
  if (ref === undefined) return undefined;
  return value.entrypoint === undefined ? { kind: 'component', ref } : { kind: 'component', ref, entrypoint: value.entrypoint as AppEntrypoint };
}

function checkPage(value: unknown, at: string, problems: Problems, seen: { ids: Set<string>; paths: Set<string> }): AppPage | undefined {
  if (!isObject(value)) return void problems.add(at, 'invalidInput');
  problems.onlyKeys(value, ['id', 'title', 'path', 'blocks'], at);
  const id = problems.text(value.id, `${at}.id`, 64);
  if (id !== undefined && !APP_PAGE_ID_PATTERN.test(id)) problems.add(`${at}.id`, 'invalidInput');
  else if (id !== undefined && seen.ids.has(id)) problems.add(`${at}.id`, 'fieldWithSameNameOrKeyExists');
  const title = problems.text(value.title, `${at}.title`, APP_LIMITS.titleMax);
  const path = problems.text(value.path, `${at}.path`, 64);
  if (path !== undefined && !APP_PAGE_PATH_PATTERN.test(path)) problems.add(`${at}.path`, 'invalidInput');
  else if (path !== undefined && seen.paths.has(path)) problems.add(`${at}.path`, 'routeExists');
  const blocks = problems.array(value.blocks, `${at}.blocks`, APP_LIMITS.blocksPerPage).map((block, index) => checkBlock(block, `${at}.blocks[${index}]`, problems));
  if (id === undefined || title === undefined || path === undefined) return undefined;
  seen.ids.add(id);
  seen.paths.add(path);
  return { id, title, path, blocks: blocks.filter((block): block is AppBlock => block !== undefined) };
}

function checkMenuItem(value: unknown, at: string, problems: Problems, pageIds: Set<string>): AppMenuItem | undefined {
  if (!isObject(value)) return void problems.add(at, 'invalidInput');
  problems.onlyKeys(value, ['page', 'label'], at);
  const page = problems.text(value.page, `${at}.page`, 64);
  if (page !== undefined && !pageIds.has(page)) problems.add(`${at}.page`, 'invalidSelection');
  const label = problems.text(value.label, `${at}.label`, APP_LIMITS.titleMax, false);
  if (page === undefined) return undefined;
  return label === undefined ? { page } : { page, label };
}

/** An app definition checked against its rules: the definition, or the field errors (417 'fieldsNotValid'). */
export function checkAppDefinition(value: unknown): { definition: AppDefinition; errors: FieldError[] } {
  const problems = new Problems();
  if (!isObject(value)) {
    problems.add('definition', 'invalidInput');
    return { definition: EMPTY_APP_DEFINITION, errors: problems.list };
  }
  problems.onlyKeys(value, ['pages', 'menu'], 'definition');
  const seen = { ids: new Set<string>(), paths: new Set<string>() };
  const pages = problems.array(value.pages, 'definition.pages', APP_LIMITS.pages).map((page, index) => checkPage(page, `definition.pages[${index}]`, problems, seen));
  const menu = problems.array(value.menu, 'definition.menu', APP_LIMITS.menuItems).map((item, index) => checkMenuItem(item, `definition.menu[${index}]`, problems, seen.ids));
  const definition = {
    pages: pages.filter((page): page is AppPage => page !== undefined),
    menu: menu.filter((item): item is AppMenuItem => item !== undefined),
  };
  return { definition, errors: problems.list };
}

/** The pages a menu shows, in its order; a definition without a menu shows every page. */
export function menuPages(definition: AppDefinition): { page: AppPage; label: string }[] {
  if (definition.menu.length === 0) return definition.pages.map((page) => ({ page, label: page.title }));
  return definition.menu.flatMap((item) => {
    const page = definition.pages.find((candidate) => candidate.id === item.page);
    return page ? [{ page, label: item.label ?? page.title }] : [];
  });
}

// ---- Route schemas ----------------------------------------------------------------------------------

const onboardingSchema = closed({ required: { type: 'boolean' }, finished: { type: 'boolean' } }, ['required', 'finished']);
const blockSchema = {
  oneOf: [
    closed({ kind: { type: 'string', const: 'component' }, ref: stringSchema, entrypoint: { type: 'string', enum: ['list', 'create', 'edit'] } }, ['kind', 'ref']),
    closed({ kind: { type: 'string', const: 'text' }, html: stringSchema }, ['kind', 'html']),
    closed({ kind: { type: 'string', const: 'widget' }, widget: uuidSchema }, ['kind', 'widget']),
  ],
} as const;
const pageSchema = closed({ id: stringSchema, title: stringSchema, path: stringSchema, blocks: arrayOf(blockSchema) }, ['id', 'title', 'path', 'blocks']);
const menuItemSchema = closed({ page: stringSchema, label: stringSchema }, ['page']);
export const appDefinitionSchema = closed({ pages: arrayOf(pageSchema), menu: arrayOf(menuItemSchema) }, ['pages', 'menu']);

const appProperties = {
  uuid: uuidSchema,
  name: stringSchema,
  label: stringSchema,
  icon: nullable(stringSchema),
  dev_version: nullable(stringSchema),
  public_version: nullable(stringSchema),
  onboarding: onboardingSchema,
  versions: arrayOf(stringSchema),
  workspaces: arrayOf(closed({ uuid: uuidSchema, name: stringSchema }, ['uuid', 'name'])),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
} as const;
const appRequired = ['uuid', 'name', 'label', 'icon', 'dev_version', 'public_version', 'onboarding', 'versions', 'workspaces', 'created_at', 'updated_at'] as const;

export const appSchema = closed(appProperties, appRequired);
export const appListSchema = arrayOf(appSchema);
export const appWithDefinitionSchema = closed({ ...appProperties, version: stringSchema, definition: appDefinitionSchema }, [...appRequired, 'version', 'definition']);
export const gatewayAppListSchema = arrayOf(
  closed({ uuid: uuidSchema, name: stringSchema, label: stringSchema, icon: nullable(stringSchema), version: stringSchema, onboarding: onboardingSchema }, ['uuid', 'name', 'label', 'icon', 'version', 'onboarding']),
);

export const appIdParams = closed({ id: { type: 'string', description: 'the app uuid' } }, ['id']);
export const appVersionParams = closed({ id: { type: 'string', description: 'the app uuid' }, version: { type: 'string', description: 'the version name' } }, ['id', 'version']);
export const appReadQuery = { type: 'object', properties: { version: { type: 'string', maxLength: 64, description: "a version (admins; default: the environment's version, or dev for admins)" } }, additionalProperties: false } as const;
const appFields = {
  name: judged('a-z, 0-9, _ and -, starting with a letter, 2-64; unique in the project'),
  label: judged('string, at most 100 characters (default: the name)'),
  icon: judged('an icon name, at most 64 characters, or null'),
  onboarding_required: judged('boolean'),
  workspaces: judged("workspace uuids (default on create: the caller's workspace)"),
} as const;
export const appCreateBody = { type: 'object', properties: appFields, additionalProperties: false } as const;
export const appPatchBody = appCreateBody;
export const appDefinitionBody = { type: 'object', properties: { definition: judged('{pages: [{id, title, path, blocks: [component, text or widget blocks]}], menu: [{page, label?}]}') }, additionalProperties: false } as const;
export const appForkBody = { type: 'object', properties: { from: judged('the version to copy'), name: judged('the new version name') }, additionalProperties: false } as const;
export const appVersionBody = { type: 'object', properties: { version: judged('a version name') }, additionalProperties: false } as const;
export const appPublishBody = { type: 'object', properties: { env: judged("'dev' or 'live'"), version: judged('a version name') }, additionalProperties: false } as const;
export const appOnboardingBody = { type: 'object', properties: { finished: judged('boolean') }, additionalProperties: false } as const;
