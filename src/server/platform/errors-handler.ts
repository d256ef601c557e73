// The one error handler: every failure leaves as the contract's ApiError body.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEY, HEADER, type ApiError, type FieldError } from '../../../runtime/api/contract';
import { HttpError, messageForStatus } from './errors';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** The message of a key the call does not take (additionalProperties: false): never dropped in silence. */
export const UNKNOWN_FIELD = 'unknownField';

/**
 * Ajv issues as per-field messages: a missing field is 'identityField.requiredField', a key the schema
 * does not name is 'unknownField' at that key, anything else 'invalid'.
 */
function fieldErrors(issues: ValidationIssue[], where = 'body'): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : '';
    const unknown = issue.keyword === 'additionalProperties' ? String(issue.params?.additionalProperty ?? '') : '';
    const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = [path, missing || unknown].filter(Boolean).join('.') || where;
    const message = missing ? 'identityField.requiredField' : unknown ? UNKNOWN_FIELD : 'invalid';
    const existing = errors.find((error) => error.field === field);
    if (!existing) errors.push({ field, messages: [message] });
    else if (!existing.messages.includes(message)) existing.messages.push(message);
  }
  return errors;
}

// PostgreSQL refusing a character the client sent (22021: NUL or invalid UTF-8 in text; 22P05: a
// \u0000 or lone surrogate in jsonb). The input guard (security.ts) refuses these first; this
// backstop keeps a path it missed a 400 instead of a 500.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function databaseCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function toApiError(error: unknown, request: FastifyRequest): { body: ApiError; headers?: Record<string, string> } {
  const request_uuid = request.id;
  const code = databaseCode(error);
  if (code !== undefined && UNSTORABLE_TEXT.has(code)) {
    request.log.warn({ err: error, request_uuid }, 'database refused the input text');
    return { body: { status: 400, message: ERROR_KEY.badRequest, errors: [{ field: 'body', messages: ['invalidInput'] }], request_uuid } };
  }
  if (error instanceof HttpError) {
    const body: ApiError = { status: error.status, message: error.message, request_uuid };
    if (error.errors) body.errors = error.errors;
    return { body, headers: error.headers };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    // A request its route's schema refuses (body, querystring, params or headers): the malformed-request 400.
    const where = fastifyError.validationContext ?? 'body';
    return { body: { status: 400, message: ERROR_KEY.badRequest, errors: fieldErrors(fastifyError.validation, where), request_uuid } };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { body: { status, message: messageForStatus(status), request_uuid } };
  }
  return { body: { status: 500, message: ERROR_KEY.serverError, request_uuid } };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { body, headers } = toApiError(error, request);
  if (body.status >= 500) {
    // Logged with the request uuid (Fastify's reqId); the client gets no stack, only the uuid.
    request.log.error({ err: error, request_uuid: request.id }, 'request failed');
  }
  reply.header(HEADER.requestUuid, request.id);
  if (headers) reply.headers(headers);
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}
