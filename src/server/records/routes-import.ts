// POST /v1/system/component/{ref}/import (docs/lists.md "Import"): multipart with `file`,
// `primary_key` and `field_map`. @fastify/multipart is registered in this plugin only, with limits.
// The file is streamed into the import as it arrives when the text fields come first (the app sends
// them first); a file sent before them is spooled to a temporary file (disk, not memory) until the
// request's fields are all known.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ERROR_KEY, HEADER } from '../../../runtime/api/contract';
import { importResultSchema, refParams, replies, scopedRefParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { filePart, multipartForm, typed } from '../platform/contract';
import { badRequest, HttpError } from '../platform/errors';
import { IMPORT_LIMITS, IMPORT_MESSAGE, importTarget, keepImportStatistics, runImport, type ImportFile, type ImportOptions } from './import';
import { headerValue } from '../platform/validate';
import { eachPart } from '../platform/multipart';
import { accountabilityOf } from '../auth/session-hook';

const BASE = '/v1/system/component';

type Params = { a: string; b?: string };

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);

const missingFile = () => badRequest([{ field: 'file', messages: [IMPORT_MESSAGE.required], values: [null] }]);

/** The body is multipart (read part by part below, so it has no body schema for ajv): its form is published from config. */
const importForm = multipartForm(
  {
    primary_key: { type: 'string', description: 'a field key matched to update existing records, or empty' },
    field_map: { type: 'string', description: 'JSON: [{from: a column of the file, to: a field key}]' },
    file: { ...filePart, description: 'the CSV or JSON file (after the text fields)' },
  },
  ['file'],
);
const importSpec = (params: object) =>
  ({
    config: { multipartForm: importForm },
    schema: {
      tags: ['records'],
      summary: 'Import records from a CSV or JSON file',
      description:
        'multipart/form-data with the text fields `primary_key` (a field key, or empty) and `field_map` (JSON: [{from, to}]) and then the `file` (docs/lists.md "Import").',
      consumes: ['multipart/form-data'],
      params,
      response: replies({ 200: importResultSchema }),
    },
  }) as const;

export const recordImportRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  await host.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 4, fieldSize: IMPORT_LIMITS.fieldBytes, parts: 6, headerPairs: 100 },
  });

  // The statistics refresh of each answered import (keepImportStatistics), and those still running,
  // which closing waits for.
  const refresh = new WeakMap<FastifyRequest, () => Promise<boolean>>();
  const running = new Set<Promise<unknown>>();
  plugin.addHook('onResponse', async (request) => {
    const start = refresh.get(request);
    if (!start) return;
    // Statistics only speed up later queries: a failure is logged, never the import's.
    const work = start().catch((error: unknown) => request.log.warn({ err: error }, 'statistics after an import'));
    running.add(work);
    await work;
    running.delete(work);
  });
  plugin.addHook('onClose', async () => {
    await Promise.all(running);
  });

  const handler = async (request: FastifyRequest<{ Params: Params }>) => {
    // Not multipart: 415 before the caller's component is looked up (eachPart says it again below).
    if (!request.isMultipart()) throw new HttpError(415, ERROR_KEY.unsupportedMediaType);
    const accountability = accountabilityOf(request);
    // Refused before a byte of the file is read.
    const target = await importTarget(db, accountability, refOf(request.params), headerValue(request.headers[HEADER.acceptLanguage]));
    const options: ImportOptions = {};
    // Filled by the parts (an object: the callback below sets them).
    const form: { spoolDir: string | null; spooled: { path: string; filename: string; mimetype: string } | null; result: Awaited<ReturnType<typeof runImport>> | null } = {
      spoolDir: null,
      spooled: null,
      result: null,
    };
    try {
      await eachPart(request, async (part) => {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
          if (part.fieldname === 'primary_key') options.primaryKey = value;
          else if (part.fieldname === 'field_map') options.fieldMap = value;
          return;
        }
        const file: MultipartFile = part;
        if (file.fieldname !== 'file' || form.result || form.spooled) {
          file.file.resume();
          return;
        }
        if (options.primaryKey !== undefined && options.fieldMap !== undefined) {
          const source: ImportFile = { stream: file.file, filename: file.filename, mimetype: file.mimetype };
          form.result = await runImport(db, target, options, source);
          // Whatever the importer did not read (nothing, normally) is drained.
          file.file.resume();
        } else {
          form.spoolDir = await mkdtemp(join(tmpdir(), 'luma-import-'));
          const path = join(form.spoolDir, 'upload');
          await pipeline(file.file, createWriteStream(path));
          form.spooled = { path, filename: file.filename, mimetype: file.mimetype };
        }
      });
      const { spooled } = form;
      if (!form.result && spooled) {
        form.result = await runImport(db, target, options, { stream: createReadStream(spooled.path), filename: spooled.filename, mimetype: spooled.mimetype });
      }
    } finally {
      if (form.spoolDir) await rm(form.spoolDir, { recursive: true, force: true });
    }
    const { result } = form;
    if (!result) throw missingFile();
    refresh.set(request, () => keepImportStatistics(db, target, result));
    return result;
  };
  host.post(`${BASE}/:a/import`, importSpec(refParams), handler);
  host.post(`${BASE}/:a/:b/import`, importSpec(scopedRefParams), handler);
};
