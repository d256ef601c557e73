// Ratchet calls of docs/ratchet.md over the ratchet client (no React, usable from Node), and the
// console's streamed answer read line by line (NDJSON) with fetch, so that rows show as they come and
// aborting the fetch stops the statement on the server.
import {
  RATCHET_QUERY_CONTENT_TYPE,
  type RatchetColumn,
  type RatchetConnection,
  type RatchetConnectionWrite,
  type RatchetQueryLine,
  type RatchetTestResult,
} from '../api/ratchet';
import type { RatchetSelectPage } from '../api/ratchet-select';
import { buildUrl, tenantHeaders } from './client';
import { RATCHET_BASE, ratchetClient, throwResponseError } from './clients';
import { connectionFailed } from './errors';
import { browserStorage } from './storage';

export type * from '../api/ratchet';

const seg = encodeURIComponent;
const one = (uuid: string) => `/connections/${seg(uuid)}`;

export const ratchetApi = {
  list: (signal?: AbortSignal) => ratchetClient.get<RatchetConnection[]>('/connections', { signal }),
  get: (uuid: string, signal?: AbortSignal) => ratchetClient.get<RatchetConnection>(one(uuid), { signal }),
  create: (body: RatchetConnectionWrite) => ratchetClient.post<RatchetConnection>('/connections', body),
  update: (uuid: string, body: RatchetConnectionWrite) => ratchetClient.patch<RatchetConnection>(one(uuid), body),
  remove: (uuid: string) => ratchetClient.delete<Record<string, never>>(one(uuid)),
  test: (uuid: string) => ratchetClient.post<RatchetTestResult>(`${one(uuid)}/test`),
  cancel: (uuid: string, queryId: string) => ratchetClient.post<{ cancelled: boolean }>(`${one(uuid)}/cancel`, { query_id: queryId }),
  /** A page of a ratchet-sourced external select's options (docs/ratchet.md "The external select"). */
  selectOptions: (component: string, field: string, search: string, page: number, signal?: AbortSignal) =>
    ratchetClient.get<RatchetSelectPage>(`/select/${seg(component)}/${seg(field)}`, { query: { ...(search ? { search } : {}), page }, signal }),
};

export interface ConsoleHandlers {
  signal?: AbortSignal;
  queryId?: string;
  limit?: number;
  onColumns(columns: RatchetColumn[]): void;
  onRows(rows: unknown[][]): void;
}

/** The answer's last line: the end, or the error the database gave after the columns. */
export type ConsoleOutcome = Extract<RatchetQueryLine, { type: 'end' } | { type: 'error' }>;

/** Runs one statement in the console; rows arrive through the handlers; resolves with the last line. */
export async function runConsole(uuid: string, sql: string, handlers: ConsoleHandlers): Promise<ConsoleOutcome> {
  let response: Response;
  try {
    response = await fetch(buildUrl(RATCHET_BASE, `${one(uuid)}/query`), {
      method: 'POST',
      credentials: 'include',
      headers: { ...tenantHeaders(browserStorage, false), 'Content-Type': 'application/json', Accept: RATCHET_QUERY_CONTENT_TYPE },
      body: JSON.stringify({ sql, ...(handlers.queryId ? { query_id: handlers.queryId } : {}), ...(handlers.limit ? { limit: handlers.limit } : {}) }),
      signal: handlers.signal,
    });
  } catch (error) {
    if (handlers.signal?.aborted) throw error;
    throw connectionFailed('network', 'ratchet');
  }
  if (!response.ok || !response.body) return throwResponseError(response, 'ratchet');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: ConsoleOutcome = { type: 'error', message: 'Connection to server failed' };
  const take = (text: string) => {
    if (text.trim() === '') return;
    const line = JSON.parse(text) as RatchetQueryLine;
    if (line.type === 'columns') handlers.onColumns(line.columns);
    else if (line.type === 'rows') handlers.onRows(line.rows);
    else last = line;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) take(part);
  }
  take(buffered);
  return last;
}
