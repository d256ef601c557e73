// Errors are values with a status and a message key (runtime/api/contract ERROR_KEY); the
// app's error handler turns them into the ApiError body.
import { ERROR_KEY, type FieldError } from '../../../runtime/api/contract';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (errors?: FieldError[]) => new HttpError(400, ERROR_KEY.badRequest, errors);
export const unauthorized = () => new HttpError(401, ERROR_KEY.unauthorized);
export const forbidden = (message: string = ERROR_KEY.forbidden) => new HttpError(403, message);
export const notFound = () => new HttpError(404, ERROR_KEY.notFound);
export const fieldsNotValid = (errors: FieldError[]) => new HttpError(417, ERROR_KEY.fieldsNotValid, errors);

/** The default message key for a 4xx status raised by the framework or a plugin. */
export function messageForStatus(status: number): string {
  switch (status) {
    case 401:
      return ERROR_KEY.unauthorized;
    case 403:
      return ERROR_KEY.forbidden;
    case 404:
    case 405:
      return ERROR_KEY.notFound;
    case 413:
      return ERROR_KEY.payloadTooLarge;
    case 415:
      return ERROR_KEY.unsupportedMediaType;
    case 429:
      return ERROR_KEY.tooManyAttempts;
    default:
      return ERROR_KEY.badRequest;
  }
}
