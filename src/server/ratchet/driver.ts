// What the two drivers (postgres.ts, mariadb.ts) share: a connection's settings opened for use, the
// run of one statement, and the errors both answer in RATCHET_MESSAGE's words.
import type { RatchetColumn, RatchetKind } from '../../../runtime/api/ratchet';
import { RATCHET_MESSAGE } from '../../../runtime/api/ratchet';
import { HttpError } from '../platform/errors';
import type { Target } from './target';

/** A connection as a driver takes it: the password opened (only ever held in memory). */
export interface ConnectionSpec {
  kind: RatchetKind;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | null;
  tls: boolean;
}

/** One statement's run, as query.ts hands it to a driver. */
export interface DriverRun {
  spec: ConnectionSpec;
  target: Target;
  statement: string;
  /** Values of the statement's parameters ($1 / ?), bound by the driver, never part of its text. */
  params?: unknown[];
  /** Rows wanted at most; the driver reads one more to know whether there were more. */
  limit: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** Fires to stop the statement on the server (the caller's cancel, a disconnect, the timeout). */
  signal: AbortSignal;
  columns(columns: RatchetColumn[]): void;
  /** A batch of rows; the driver waits for it (back pressure). */
  rows(rows: unknown[][]): Promise<void>;
}

export interface DriverOutcome {
  rowCount: number;
  capped: boolean;
  command: string;
}

export interface Driver {
  /** Connects, signs in and answers the server's version. */
  test(spec: ConnectionSpec, target: Target, connectTimeoutMs: number): Promise<string>;
  run(run: DriverRun): Promise<DriverOutcome>;
}

/** Rows handed on at once. */
export const BATCH = 500;

/** A ratchet failure: 422 with its message key; the database's own words (never a password) in values.detail. */
export class RatchetError extends HttpError {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(422, message, detail ? [{ field: 'sql', messages: [message], values: [{ detail }] }] : undefined);
  }
}

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'PROTOCOL_CONNECTION_LOST']);

/** The message key of a failure to reach or sign in, when it is one of those the two drivers share. */
export function networkOrTls(error: unknown): string | null {
  const { code, message } = error as { code?: string; message?: string };
  if (code && NETWORK.has(code)) return RATCHET_MESSAGE.unreachable;
  if ((code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) || /SSL|TLS|certificate/i.test(message ?? '')) return RATCHET_MESSAGE.tlsFailed;
  if (/timeout|timed out/i.test(message ?? '')) return RATCHET_MESSAGE.unreachable;
  return null;
}

/** The database's words of an error, shortened, without the password should a driver ever repeat it. */
export function detailOf(error: unknown, password: string | null): string {
  let text = error instanceof Error ? error.message : String(error);
  if (password) text = text.split(password).join('[redacted]');
  return text.slice(0, 500);
}
