// Helpers for the import tests: a multipart body (text fields first, then the file, the way the app
// sends it), the import call for one caller, and CSV text.
import type { LightMyRequestResponse } from 'fastify';

export interface ImportRequest {
  file?: string | Buffer;
  filename?: string;
  contentType?: string;
  primaryKey?: string;
  fieldMap?: unknown;
  /** Send the file part before the text fields. */
  fileFirst?: boolean;
}

export function multipartBody(request: ImportRequest): { body: Buffer; contentType: string } {
  const boundary = `----luma${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fields: Buffer[] = [];
  if (request.primaryKey !== undefined) fields.push(field('primary_key', request.primaryKey));
  if (request.fieldMap !== undefined) fields.push(field('field_map', typeof request.fieldMap === 'string' ? request.fieldMap : JSON.stringify(request.fieldMap)));
  const files: Buffer[] = [];
  if (request.file !== undefined) {
    files.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${request.filename ?? 'data.csv'}"\r\nContent-Type: ${request.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(request.file) ? request.file : Buffer.from(request.file),
      Buffer.from('\r\n'),
    );
  }
  if (request.fileFirst) parts.push(...files, ...fields);
  else parts.push(...fields, ...files);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Inject = (options: { method: 'POST'; url: string; payload: Buffer; headers: Record<string, string> }) => Promise<LightMyRequestResponse>;

export function importApi(app: () => { inject: Inject }, cookie: () => string, env: 'dev' | 'live' = 'dev') {
  return (ref: string, request: ImportRequest) => {
    const { body, contentType } = multipartBody(request);
    const path = ref.split('/').map(encodeURIComponent).join('/');
    return app().inject({
      method: 'POST',
      url: `/api/v1/system/component/${path}/import`,
      payload: body,
      headers: { cookie: cookie(), 'x-project-env': env, 'content-type': contentType },
    });
  };
}

/** RFC 4180 text: cells quoted when they need it, CRLF line ends. */
export function csv(rows: unknown[][]): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
