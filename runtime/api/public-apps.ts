// Public apps and portals (docs/public-apps.md): their shapes, the hostname rule, the field read
// sources a public app may use, and the call schemas. Admin calls under HOST_PREFIX.main:
//   POST, GET /v3/system/public-app; GET, PATCH /v3/system/public-app/{id}
//   GET  /v3/system/gateway/app-service/public-app/all|onboarding
// A public app is an app (runtime/api/apps.ts) of kind 'public': its versions, definitions, deploys and
// removal are the app calls. The served app's own calls are at PUBLIC_APP_BASE on its hostnames only.
import type { App, AppDefinition, AppOnboarding } from './apps';
import { arrayOf, closed, judged, nullable, open, stringSchema, uuidSchema } from './schemas';
import { appSchema, appDefinitionSchema } from './apps';

/** The served app's calls (no session): on a public app's hostname only, 404 anywhere else. */
export const PUBLIC_APP_BASE = '/__public-app';
/** The hostname prefix that serves an app's dev version. */
export const STAGE_PREFIX = 'stage.';
/** A portal visitor's session cookie: host-only (no Domain), never the platform's luma_session. */
export const PORTAL_COOKIE = 'luma_portal';
export const PORTAL_SESSION_DAYS = 30;

export const PUBLIC_APP_LIMITS = {
  hostnames: 10,
  hostnameMax: 253,
  /** Records a page of the public list answers at most. */
  pageSize: 50,
  /** A served app's write body. */
  bodyBytes: 64 * 1024,
  passwordMin: 8,
  passwordMax: 256,
  emailMax: 254,
  nameMax: 100,
} as const;

/** Message keys beyond the app and component ones (catalogue: runtime/i18n/apps.*.ts). */
export const PUBLIC_APP_MESSAGE = {
  limitReached: 'maximumPublicAppsReached',
  hostnameExists: 'hostnameAlreadyExists',
  hostnameRule: 'publicAppHostnameRule',
  hostnameRequired: 'publicAppHostnameRequired',
  fieldNotPublic: 'fieldNotPublic',
  signInRequired: 'portalSignInRequired',
  notPortal: 'publicAppNotPortal',
  /** The platform's own sign-in refusal (ERROR_KEY.loginFailed). */
  loginFailed: 'Login failed',
  emailExists: 'portalEmailExists',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A hostname as stored (lower case, no trailing dot), or null when it is not one a public app may
 * have: letters, digits and hyphens in dot-separated labels of 1..63, at least two labels, 253 at
 * most, a top-level label that is not all digits (no IP address), no port, and not starting with
 * 'stage.' (that prefix serves the dev version of the name after it).
 */
export function normalizeHostname(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (host.length < 4 || host.length > PUBLIC_APP_LIMITS.hostnameMax) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  if (host.startsWith(STAGE_PREFIX)) return null;
  return host;
}

/** What a request's Host names: the hostname to look up and whether it asks for the dev version. */
export function hostTarget(host: string): { hostname: string; stage: boolean } {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name.startsWith(STAGE_PREFIX) ? { hostname: name.slice(STAGE_PREFIX.length), stage: true } : { hostname: name, stage: false };
}

/** The read sources (spec section 6) that let a public app named `appName` read and write a field. */
export function publicSourcesFor(appName: string): string[] {
  return ['public-app', `public-app::${appName}`];
}

export function allowsPublicApp(readSources: unknown, appName: string): boolean {
  if (!Array.isArray(readSources)) return false;
  const allowed = publicSourcesFor(appName);
  return readSources.some((source) => typeof source === 'string' && allowed.includes(source));
}

export interface PublicApp extends App {
  hostnames: string[];
  api_user_uuid: string | null;
  api_user_name: string | null;
  portal: boolean;
}

export interface PublicAppCreateBody {
  name: string;
  label?: string;
  icon?: string | null;
  hostnames: string[];
  api_user_uuid?: string | null;
  portal?: boolean;
}
export type PublicAppPatchBody = Partial<PublicAppCreateBody>;

/** The gateway's public app list: what each environment serves, and where. */
export interface GatewayPublicApp {
  uuid: string;
  name: string;
  label: string;
  icon: string | null;
  version: string;
  hostnames: string[];
  portal: boolean;
}

/** The gateway's onboarding list: the App entity's fields of spec section 3. */
export interface PublicAppOnboardingItem {
  uuid: string;
  name: string;
  dev_version: string | null;
  public_version: string | null;
  onboarding: AppOnboarding;
}

// ---- The served app ---------------------------------------------------------------------------------

/** A field a public app may read and write (its read sources allow it). */
export interface PublicField {
  key: string;
  name: string;
  module: string;
  type: string;
  required: boolean;
  /** Choices of select, radio and checkbox fields. */
  options?: { value: string | number | boolean; label: string }[];
}

export interface PublicComponent {
  uuid: string;
  label: string;
  fields: PublicField[];
}

export interface PublicVisitor {
  uuid: string;
  name: string;
  email: string;
}

/** GET {PUBLIC_APP_BASE}/site: what the page bundle draws. */
export interface PublicSite {
  app: { uuid: string; name: string; label: string; version: string; stage: boolean; portal: boolean };
  definition: AppDefinition;
  /** By component uuid: the components the definition's blocks name, with their public fields. */
  components: Record<string, PublicComponent>;
  visitor: PublicVisitor | null;
}

export interface PublicRecordList {
  items: Record<string, unknown>[];
  total: number;
}

// ---- Route schemas ----------------------------------------------------------------------------------

const extra = {
  hostnames: arrayOf(stringSchema),
  api_user_uuid: nullable(uuidSchema),
  api_user_name: nullable(stringSchema),
  portal: { type: 'boolean' },
} as const;
export const publicAppSchema = closed({ ...appSchema.properties, ...extra }, [...appSchema.required, 'hostnames', 'api_user_uuid', 'api_user_name', 'portal']);
export const publicAppListSchema = arrayOf(publicAppSchema);
const onboardingSchema = closed({ required: { type: 'boolean' }, finished: { type: 'boolean' } }, ['required', 'finished']);
export const gatewayPublicAppListSchema = arrayOf(
  closed(
    { uuid: uuidSchema, name: stringSchema, label: stringSchema, icon: nullable(stringSchema), version: stringSchema, hostnames: arrayOf(stringSchema), portal: { type: 'boolean' } },
    ['uuid', 'name', 'label', 'icon', 'version', 'hostnames', 'portal'],
  ),
);
export const publicAppOnboardingListSchema = arrayOf(
  closed({ uuid: uuidSchema, name: stringSchema, dev_version: nullable(stringSchema), public_version: nullable(stringSchema), onboarding: onboardingSchema }, ['uuid', 'name', 'dev_version', 'public_version', 'onboarding']),
);
const publicAppFields = {
  name: judged('a-z, 0-9, _ and -, starting with a letter, 2-64; unique among the project\'s apps'),
  label: judged('string, at most 100 characters (default: the name)'),
  icon: judged('an icon name, at most 64 characters, or null'),
  hostnames: judged("1 to 10 hostnames, unique across the platform; 'stage.' + a hostname serves the dev version"),
  api_user_uuid: judged("the uuid of one of the project's API users the app runs as, or null"),
  portal: judged('boolean: visitors sign up and sign in with their own accounts'),
} as const;
export const publicAppCreateBody = { type: 'object', properties: publicAppFields, additionalProperties: false } as const;
export const publicAppPatchBody = publicAppCreateBody;

const fieldSchema = closed(
  {
    key: stringSchema,
    name: stringSchema,
    module: stringSchema,
    type: stringSchema,
    required: { type: 'boolean' },
    options: arrayOf(closed({ value: { type: ['string', 'number', 'boolean'] }, label: stringSchema }, ['value', 'label'])),
  },
  ['key', 'name', 'module', 'type', 'required'],
);
const visitorSchema = closed({ uuid: uuidSchema, name: stringSchema, email: stringSchema }, ['uuid', 'name', 'email']);
export const publicSiteSchema = closed(
  {
    app: closed(
      { uuid: uuidSchema, name: stringSchema, label: stringSchema, version: stringSchema, stage: { type: 'boolean' }, portal: { type: 'boolean' } },
      ['uuid', 'name', 'label', 'version', 'stage', 'portal'],
    ),
    definition: appDefinitionSchema,
    components: { type: 'object', additionalProperties: closed({ uuid: uuidSchema, label: stringSchema, fields: arrayOf(fieldSchema) }, ['uuid', 'label', 'fields']) },
    visitor: nullable(visitorSchema),
  },
  ['app', 'definition', 'components', 'visitor'],
);
/** A record as a public app sees it: its uuid and the allowed fields by key. */
const recordSchema = open({ uuid: uuidSchema }, ['uuid']);
export const publicRecordListSchema = closed({ items: arrayOf(recordSchema), total: { type: 'integer' } }, ['items', 'total']);
export const publicRecordSchema = recordSchema;
export const publicVisitorSchema = visitorSchema;
export const publicComponentParams = closed({ component: { type: 'string', description: "a component's uuid that one of the app's blocks names" } }, ['component']);
export const publicListQuery = {
  type: 'object',
  properties: { offset: { type: 'string', pattern: '^[0-9]{1,4}$' }, limit: { type: 'string', pattern: '^[0-9]{1,2}$' } },
  additionalProperties: false,
} as const;
export const publicRecordBody = { type: 'object', properties: { data: judged('{key: value} of fields the app may write') }, additionalProperties: false } as const;
export const portalRegisterBody = { type: 'object', properties: { email: judged('an e-mail address'), name: judged('1-100 characters'), password: judged('8-256 characters') }, additionalProperties: false } as const;
export const portalLoginBody = { type: 'object', properties: { email: judged('an e-mail address'), password: judged('the password') }, additionalProperties: false } as const;
