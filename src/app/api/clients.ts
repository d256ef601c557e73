// The app's clients, one per host of spec section 7.
import { HOST_PREFIX, HOST_TIMEOUT_MS } from '../../../runtime/api/contract';
import { createClient, type ApiClient } from './client';
import type { ApiRequestError } from './errors';
import { openReportError } from './reportError';

/** Ratchet has its own base path (spec section 7 "Common"). */
export const RATCHET_BASE = '/ratchet';

let unauthorizedHandler: () => void = () => {
  window.location.assign('/login');
};

/** main.tsx routes 401s through the router (keeping a redirect back). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

const hooks = {
  onServerError: (error: ApiRequestError) => openReportError(error.requestUuid),
  onUnauthorized: () => unauthorizedHandler(),
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
