// The clients, one per host of spec section 7. What the app does about a server error (the report
// modal) or a 401 (sign in again) is the app's: it sets the handlers once at start. Until then, and in
// Node scripts and tests, both are no-ops and the error only goes to the caller.
import { HOST_PREFIX, HOST_TIMEOUT_MS } from '../api/contract';
import { createClient, type ApiClient } from './client';
import { errorEffects, mapHttpError, type ApiRequestError, type ClientName } from './errors';

/** Ratchet's base path (spec section 7 "Common": /ratchet), under /api like every host. */
export const RATCHET_BASE = HOST_PREFIX.ratchet;

let serverErrorHandler: (error: ApiRequestError) => void = () => undefined;
let unauthorizedHandler: (error: ApiRequestError) => void = () => undefined;

/** A 5xx (but 501) from any client, and from the calls that fetch on their own (export, import). */
export function setServerErrorHandler(handler: (error: ApiRequestError) => void): void {
  serverErrorHandler = handler;
}

/** A 401 from the clients that send the user to /login (errors.ts REDIRECT_ON_401). */
export function setUnauthorizedHandler(handler: (error: ApiRequestError) => void): void {
  unauthorizedHandler = handler;
}

/** Hands a server error to the app's handler (for calls made outside createClient). */
export function reportServerError(error: ApiRequestError): void {
  serverErrorHandler(error);
}

/**
 * Throws the error of a refused answer to a call made with fetch outside createClient (a download, a
 * streamed answer): the body read as JSON when it is, mapped like createClient's, a server error
 * reported to the app's handler first.
 */
export async function throwResponseError(response: Response, client: ClientName): Promise<never> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    /* not JSON */
  }
  const error = mapHttpError(response.status, body, response.headers, client);
  if (errorEffects(error).report) reportServerError(error);
  throw error;
}

const hooks = {
  onServerError: (error: ApiRequestError) => serverErrorHandler(error),
  onUnauthorized: (error: ApiRequestError) => unauthorizedHandler(error),
};

export const mainClient: ApiClient = createClient({
  name: 'main',
  baseUrl: HOST_PREFIX.main,
  timeoutMs: HOST_TIMEOUT_MS.main,
  sendsLanguage: true,
  ...hooks,
});
export const workflowClient = createClient({ name: 'workflow', baseUrl: HOST_PREFIX.workflow, timeoutMs: HOST_TIMEOUT_MS.workflow, ...hooks });
export const mediaClient = createClient({ name: 'media', baseUrl: HOST_PREFIX.media, timeoutMs: HOST_TIMEOUT_MS.media, ...hooks });
export const integrationClient = createClient({ name: 'integration', baseUrl: HOST_PREFIX.integration, timeoutMs: HOST_TIMEOUT_MS.integration, ...hooks });
/** Documents live on the integration host under dms/documents/{lib}. */
export const documentClient = createClient({ name: 'document', baseUrl: HOST_PREFIX.integration, timeoutMs: HOST_TIMEOUT_MS.integration, ...hooks });
export const transactionClient = createClient({ name: 'transaction', baseUrl: HOST_PREFIX.transaction, timeoutMs: HOST_TIMEOUT_MS.transaction, ...hooks });
export const sparkClient = createClient({ name: 'spark', baseUrl: HOST_PREFIX.spark, timeoutMs: HOST_TIMEOUT_MS.spark, ...hooks });
export const ratchetClient = createClient({ name: 'ratchet', baseUrl: RATCHET_BASE, timeoutMs: HOST_TIMEOUT_MS.ratchet, ...hooks });
