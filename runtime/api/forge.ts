// Forge apps and component template distributions (docs/forge.md): shapes, limits, message keys and
// the call schemas. Paths are under HOST_PREFIX.main:
//   POST, GET /v3/system/forge; GET, DELETE /v3/system/forge/{id}
//   POST /v3/system/forge/{id}/release          multipart `file`: a zip bundle -> a new release
//   POST /v3/system/forge/{id}/deploy           {release}
//   POST /v3/system/forge/{id}/rollback         {} -> the release deployed before the live one
//   GET  /v3/system/forge/{id}/open             the live release's signed bundle URL (members)
//   POST /v3/system/forge/component/{uuid}/dist multipart `file` -> a component's template distribution
//   POST /v3/system/forge/component/{uuid}/files {files} -> a distribution from text files (the editor)
//   GET  /v3/system/forge/component/{uuid}/dist/{release}[?file=] its files, or one file's text
//   POST /v3/system/forge/component/{uuid}/open {release} -> a signed bundle URL
//   POST /v3/system/forge/preview               {files} -> an unsaved bundle's URL (the editor's preview)
//   GET  /v3/system/forge/templates            the template picker's choices: components with a distribution, their entrypoints
//   GET  /luma/appservice/v1/forge/workspace    the forge apps of the caller's workspace with a live release
// The bundle is served at the site root, /luma/forge/bundle/{token}/{path} (no session: the token).
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export const FORGE_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,63}$/;

export const FORGE_LIMITS = {
  /** The uploaded zip. */
  zipBytes: 10 * 1024 * 1024,
  /** Files in a bundle. */
  entries: 500,
  /** All files unpacked. */
  totalBytes: 50 * 1024 * 1024,
  /** One file unpacked. */
  fileBytes: 10 * 1024 * 1024,
  /** A path inside the bundle. */
  pathMax: 200,
  labelMax: 100,
  iconMax: 64,
  /** Text files the editor sends at once (bytes). */
  editorBytes: 2 * 1024 * 1024,
  /** Minutes a bundle URL stays valid. */
  urlMinutes: 60,
} as const;

/** File types a bundle may hold, by extension, with the type each is served as. */
export const FORGE_FILE_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** Text files the component editor opens. */
export const FORGE_TEXT_TYPES = ['html', 'htm', 'js', 'mjs', 'css', 'json', 'txt', 'svg'] as const;

/** The SDK versions a template distribution is written for (spec section 2); none is legacy. */
export const FORGE_SDK_VERSIONS = [4, 5, 6] as const;
export type ForgeSdkVersion = (typeof FORGE_SDK_VERSIONS)[number];

/** The client SDK script a bundle includes (relative to its root); no bundle file may use the prefix. */
export const FORGE_SDK_FILE = '__luma/sdk.js';
export const FORGE_RESERVED_PREFIX = '__luma/';
/** Where bundles are served, at the site root. */
export const FORGE_BUNDLE_PATH = '/luma/forge/bundle';

export const FORGE_MESSAGE = {
  notFound: 'forgeAppNotFound',
  exists: 'forgeAppExists',
  releaseNotFound: 'forgeReleaseNotFound',
  nothingToRollBack: 'forgeNothingToRollBack',
  notDeployed: 'forgeNotDeployed',
  bundleNotZip: 'forgeBundleNotZip',
  bundleTooLarge: 'forgeBundleTooLarge',
  bundleTooManyFiles: 'forgeBundleTooManyFiles',
  bundleUnsafePath: 'forgeBundleUnsafePath',
  bundleSymlink: 'forgeBundleSymlink',
  bundleFileType: 'forgeBundleFileType',
  bundleNoIndex: 'forgeBundleNoIndex',
  bundleEmpty: 'forgeBundleEmpty',
} as const;

export interface ForgeFile {
  path: string;
  size: number;
}

export interface ForgeRelease {
  uuid: string;
  number: number;
  size: number;
  files: ForgeFile[];
  created_at: string;
}

export interface ForgeApp {
  uuid: string;
  name: string;
  label: string;
  icon: string | null;
  /** The live release's uuid, or null when none is deployed. */
  live_release: string | null;
  releases: ForgeRelease[];
  /** Deploys, newest first: which release went live when. */
  deploys: { release: string; number: number; deployed_at: string }[];
  created_at: string;
  updated_at: string;
}

/** A forge app as the workspace list gives it: what a home tile needs. */
export interface ForgeWorkspaceApp {
  uuid: string;
  name: string;
  label: string;
  icon: string | null;
  release: number;
}

/** A signed URL of a bundle's entry file; it expires (FORGE_LIMITS.urlMinutes). */
export interface ForgeOpen {
  url: string;
  /** null for the editor's unsaved preview. */
  release: string | null;
  expires_at: string;
  /** A distribution's file paths (what an entrypoint may name). */
  files?: string[];
}

export interface ForgeCreateBody {
  name: string;
  label?: string;
  icon?: string | null;
}

const fileSchema = closed({ path: stringSchema, size: { type: 'integer' } }, ['path', 'size']);
export const forgeReleaseSchema = closed({ uuid: uuidSchema, number: { type: 'integer' }, size: { type: 'integer' }, files: arrayOf(fileSchema), created_at: dateTimeSchema }, ['uuid', 'number', 'size', 'files', 'created_at']);
export const forgeAppSchema = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    label: stringSchema,
    icon: nullable(stringSchema),
    live_release: nullable(uuidSchema),
    releases: arrayOf(forgeReleaseSchema),
    deploys: arrayOf(closed({ release: uuidSchema, number: { type: 'integer' }, deployed_at: dateTimeSchema }, ['release', 'number', 'deployed_at'])),
    created_at: dateTimeSchema,
    updated_at: dateTimeSchema,
  },
  ['uuid', 'name', 'label', 'icon', 'live_release', 'releases', 'deploys', 'created_at', 'updated_at'],
);
export const forgeAppListSchema = arrayOf(forgeAppSchema);
export const forgeWorkspaceListSchema = arrayOf(
  closed({ uuid: uuidSchema, name: stringSchema, label: stringSchema, icon: nullable(stringSchema), release: { type: 'integer' } }, ['uuid', 'name', 'label', 'icon', 'release']),
);
/** The template picker's choices: components with a distribution and its entrypoints (runtime/forge/templatePicker.ts). */
export const forgeTemplateSourcesSchema = arrayOf(closed({ component: uuidSchema, label: stringSchema, templates: arrayOf(stringSchema) }, ['component', 'label', 'templates']));
export const forgeOpenSchema = closed({ url: stringSchema, release: nullable(uuidSchema), expires_at: dateTimeSchema, files: arrayOf(stringSchema) }, ['url', 'release', 'expires_at']);
export const forgeFileTextSchema = closed({ path: stringSchema, text: stringSchema }, ['path', 'text']);

export const forgeIdParams = closed({ id: { type: 'string', description: 'the forge app uuid' } }, ['id']);
export const forgeComponentParams = closed({ uuid: { type: 'string', description: 'the component uuid' } }, ['uuid']);
export const forgeComponentReleaseParams = closed({ uuid: { type: 'string', description: 'the component uuid' }, release: { type: 'string', description: 'the release uuid' } }, ['uuid', 'release']);
export const forgeFileQuery = { type: 'object', properties: { file: { type: 'string', maxLength: 200, description: "a file's path: its text" } }, additionalProperties: false } as const;
export const forgeCreateBody = {
  type: 'object',
  properties: {
    name: judged('a-z, 0-9, _ and -, starting with a letter, 2-64; unique in the project'),
    label: judged('string, at most 100 characters (default: the name)'),
    icon: judged('an icon name or image URL, at most 64 characters, or null'),
  },
  additionalProperties: false,
} as const;
export const forgeDeployBody = { type: 'object', properties: { release: judged("a release's uuid") }, additionalProperties: false } as const;
export const forgeRollbackBody = { type: 'object', properties: {}, additionalProperties: false } as const;
export const forgeReleaseBody = { type: 'object', properties: { release: judged("a release's uuid") }, additionalProperties: false } as const;
export const forgeFilesBody = { type: 'object', properties: { files: judged('{path: text}: the text files of a bundle (an index.html among them)') }, additionalProperties: false } as const;
