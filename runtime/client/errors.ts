// Error values of the API clients, and the pure mapping from a response to one.
import { HEADER, isApiError, type FieldError } from '../api/contract';

export type ClientName =
  | 'main'
  | 'workflow'
  | 'media'
  | 'integration'
  | 'document'
  | 'transaction'
  | 'spark'
  | 'ratchet';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export const CONNECTION_FAILED = 'Connection to server failed';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** A catalogue message key, or the server's sentence. */
    readonly messageKey: string,
    readonly kind: ApiErrorKind,
    readonly client: ClientName,
    readonly fieldErrors: FieldError[] = [],
    readonly requestUuid: string | null = null,
  ) {
    super(messageKey);
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/** Message key used when the body does not carry one. */
export function defaultMessageKey(status: number): string {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 417:
      return 'fieldsNotValid';
    case 429:
      return 'tooManyAttempts';
    case 501:
      return 'notAvailableYet';
    default:
      return status >= 500 ? 'serverError' : 'unexpectedError';
  }
}

/** Maps a non-2xx response (status, parsed body, headers) to an ApiRequestError. */
export function mapHttpError(
  status: number,
  body: unknown,
  headers: Pick<Headers, 'get'>,
  client: ClientName,
): ApiRequestError {
  const requestUuid = headers.get(HEADER.requestUuid) ?? (isApiError(body) ? body.request_uuid ?? null : null);
  const messageKey = isApiError(body) && body.message ? body.message : defaultMessageKey(status);
  const fieldErrors = isApiError(body) && Array.isArray(body.errors) ? body.errors : [];
  return new ApiRequestError(status, messageKey, 'http', client, fieldErrors, requestUuid);
}

export function connectionFailed(kind: 'timeout' | 'network', client: ClientName): ApiRequestError {
  return new ApiRequestError(0, CONNECTION_FAILED, kind, client);
}

/** Clients whose 401 sends the user to /login (spec section 8). */
export const REDIRECT_ON_401: ReadonlySet<ClientName> = new Set(['media', 'integration', 'document']);

export interface ErrorEffects {
  /** Open the report-error modal with the request uuid. */
  report: boolean;
  /** Leave for /login. */
  toLogin: boolean;
}

/** What the app does about an error, beside handing it to the caller. 501 is "not available", not a defect. */
export function errorEffects(error: ApiRequestError): ErrorEffects {
  return {
    report: error.kind === 'http' && error.status >= 500 && error.status !== 501,
    toLogin: error.kind === 'http' && error.status === 401 && REDIRECT_ON_401.has(error.client),
  };
}
