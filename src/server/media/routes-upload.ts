// The plain multipart upload (docs/media.md "Upload"): POST /v2/dms/media/upload and
// POST /v2/dms/media/library/{id}/upload/share. @fastify/multipart is registered in this plugin
// only. The form's text fields (uuid or ref, path, is_public, expiresAt, metadata, replace) come
// first, then the file parts: each file streams into the storage as it arrives (storeFile), never
// buffered. A file part before the library is named is refused (400), since nothing may be
// written before the permission, library and quota are checked.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { mediaIdParams, mediaUploadItemSchema, shareResponseSchema, type MediaUploadItem } from '../../../runtime/api/media';
import { latestShareDate, nextShareStep, validateShareDate } from '../../../runtime/media/rules';
import { nowDate } from '../platform/clock';
import type { ServerContext } from '../platform/context';
import { filePart, multipartForm, specFor, typed } from '../platform/contract';
import { badRequest, fieldsNotValid } from '../platform/errors';
import { libraryForCall, libraryUuidOf } from './access';
import { storeFile } from './files';
import { createShareLink } from './share';
import { publicLink } from '../platform/mail';
import type { Accountability } from '../auth/tenancy';
import { eachPart } from '../platform/multipart';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['media']);
const FILE_FIELDS = new Set(['file', 'files', 'file[]', 'files[]']);
/** Days a link of upload/share lasts when the form names no date. */
const DEFAULT_SHARE_DAYS = 7;

interface UploadFields {
  uuid?: string;
  ref?: string;
  path?: string;
  is_public?: string;
  expiresAt?: string;
  metadata?: string;
  replace?: string;
  date?: string;
}

const FIELD_ALIASES: Record<string, keyof UploadFields> = {
  uuid: 'uuid',
  library_uuid: 'uuid',
  ref: 'ref',
  path: 'path',
  currentDir: 'path',
  is_public: 'is_public',
  isPublic: 'is_public',
  expiresAt: 'expiresAt',
  metadata: 'metadata',
  replace: 'replace',
  date: 'date',
};

const flag = (description: string) => ({ type: 'string', enum: ['true', '1', 'on', 'false', '0', ''], description }) as const;
const uploadFormProperties = {
  uuid: { type: 'string', description: 'the library uuid (alias library_uuid)' },
  library_uuid: { type: 'string', description: 'the library uuid' },
  ref: { type: 'string', description: 'the library by ref, instead of uuid' },
  path: { type: 'string', description: 'the directory (alias currentDir)' },
  currentDir: { type: 'string', description: 'the directory' },
  is_public: flag('a public file (alias isPublic)'),
  isPublic: flag('a public file'),
  expiresAt: { type: 'string', description: 'a date-time the file expires, or empty' },
  metadata: { type: 'string', description: 'JSON: an object of strings' },
  replace: flag('replace a file of the same name (needs delete luma-media too)'),
  file: { type: 'array', items: filePart, description: 'one or more file parts (also files, file[] or files[]), after the text fields' },
} as const;
/** The forms of the two upload calls, for the document (the parts are read as they stream). */
const uploadForm = multipartForm(uploadFormProperties, ['file']);
const uploadShareForm = multipartForm({ ...uploadFormProperties, date: { type: 'string', description: 'the link is valid until (a date-time on a 5-minute step)' } }, ['file']);

const truthy = (value: string | undefined) => value === 'true' || value === '1' || value === 'on';

const description =
  'multipart/form-data: the text fields first (uuid or ref: the library; path: its directory; is_public; expiresAt; metadata: JSON; ' +
  "replace: 'true' to replace a file of the same name, which needs delete luma-media too), then one or more `file` parts. " +
  'Each file is streamed into the storage; its type is sniffed from its bytes.';

interface ReceiveOptions {
  /** The library of the path (upload/share): uuid and ref fields of the form are ignored. */
  libraryUuid?: string;
  /** Checks before the first file is stored (the share's date). */
  beforeFirstFile?: (fields: UploadFields) => Promise<void> | void;
}

async function receive(context: ServerContext, request: FastifyRequest, accountability: Accountability, options: ReceiveOptions = {}): Promise<{ items: MediaUploadItem[]; fields: UploadFields }> {
  const fields: UploadFields = {};
  const items: MediaUploadItem[] = [];
  let libraryUuid: string | null = null;
  await eachPart(request, async (part) => {
    if (part.type === 'field') {
      const name = FIELD_ALIASES[part.fieldname];
      if (name) fields[name] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      return;
    }
    if (!FILE_FIELDS.has(part.fieldname)) {
      part.file.resume();
      return;
    }
    if (libraryUuid === null) {
      try {
        if (options.libraryUuid !== undefined) libraryUuid = options.libraryUuid;
        else if (fields.uuid === undefined && fields.ref === undefined) throw badRequest([{ field: 'uuid', messages: ['identityField.requiredField'] }]);
        else libraryUuid = await libraryUuidOf(context.db, accountability, fields.uuid, fields.ref);
        await options.beforeFirstFile?.(fields);
      } catch (error) {
        part.file.resume();
        throw error;
      }
    }
    const file = await storeFile(context, accountability, {
      libraryUuid,
      path: fields.path ?? '',
      name: part.filename,
      body: part.file,
      isPublic: truthy(fields.is_public),
      expiresAt: fields.expiresAt === '' ? null : fields.expiresAt,
      metadata: fields.metadata,
      replace: truthy(fields.replace),
    });
    items.push({ library_uuid: file.library_uuid, key: file.key, public_url: file.public_url, local_url: file.local_url, file });
  });
  if (items.length === 0) throw badRequest([{ field: 'file', messages: ['identityField.requiredField'] }]);
  return { items, fields };
}

export const mediaUploadRoutes: FastifyPluginAsync<ServerContext> = async (plugin, context) => {
  const host = typed(plugin);
  await host.register(fastifyMultipart, {
    // The size is enforced by storeFile as the bytes flow (fileTooLarge, quotaExceeded); busboy's
    // own cut-off sits one byte past it so that check always sees the excess first.
    throwFileSizeLimit: false,
    limits: { fileSize: context.config.mediaMaxFileBytes + 1, files: 20, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 },
  });

  host.post(
    '/v2/dms/media/upload',
    { config: { multipartForm: uploadForm }, schema: { tags: ['media'], summary: 'Upload files (upload luma-media)', description, consumes: ['multipart/form-data'], response: replies({ 200: { type: 'array', items: mediaUploadItemSchema } }) } },
    async (request) => (await receive(context, request, accountabilityOf(request))).items,
  );

  host.post(
    '/v2/dms/media/library/:id/upload/share',
    {
      config: { multipartForm: uploadShareForm },
      schema: {
        tags: ['media'],
        summary: 'Upload a file and answer its signed share link (upload and download luma-media)',
        description: `${description} The library is {id}; a \`date\` field (on a 5-minute step, not in the past) sets how long the link works (default ${DEFAULT_SHARE_DAYS} days, or LUMA_SHARE_MAX_DAYS when that is shorter).`,
        consumes: ['multipart/form-data'],
        params: mediaIdParams,
        response: replies({ 200: shareResponseSchema }),
      },
    },
    async (request) => {
      const accountability = accountabilityOf(request);
      // Sharing hands the file to whoever holds the link: download luma-media too, checked before a byte is stored.
      const library = await libraryForCall(context.db, accountability, request.params.id, 'download');
      const { items, fields } = await receive(context, request, accountability, {
        libraryUuid: library.uuid,
        beforeFirstFile(form) {
          if (form.date === undefined) return;
          const errors = validateShareDate(form.date, nowDate(), 'date', context.config.shareMaxDays);
          if (errors.length > 0) throw fieldsNotValid(errors);
        },
      });
      const now = nowDate();
      const fallback = new Date(Math.min(nextShareStep(new Date(now.getTime() + DEFAULT_SHARE_DAYS * 86_400_000)).getTime(), latestShareDate(now, context.config.shareMaxDays).getTime()));
      const until = fields.date ? new Date(fields.date) : fallback;
      const { file } = items[0]!;
      const path = await createShareLink(context.db, { projectUuid: library.project_uuid, libraryUuid: library.uuid, file, until, createdBy: accountability.user.uuid });
      return { data: publicLink(context.config, path) };
    },
  );
};
