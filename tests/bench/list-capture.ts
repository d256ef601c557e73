// The statements Luma's server actually sends, captured in the bench process (nothing in src/ changes):
// pg.Client.prototype.query is wrapped once; while a capture is open it records the text and values of
// every statement sent by a client that is not one of the bench's own (the server's pool clients,
// whatever they prepare, go through it too). So the bench replays the SQL as it is today, not a
// hand-written copy that goes stale when the list SQL changes.
import pg from 'pg';
import { PREPARE } from '../../src/server/db/database';

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

const own = new WeakSet<object>();
let recording: CapturedStatement[] | null = null;
let installed = false;

/** Marks a client (or every client a pool connects) as the bench's own: never captured. */
export function benchOwned<T extends pg.Client | pg.Pool>(target: T): T {
  if (target instanceof pg.Pool) target.on('connect', (client) => own.add(client));
  else own.add(target);
  return target;
}

function install(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    if (recording && !own.has(this)) {
      const [first, second] = args;
      const config = typeof first === 'object' && first !== null ? (first as { text?: unknown; values?: unknown[] }) : null;
      const text = typeof first === 'string' ? first : config?.text;
      const values = Array.isArray(second) ? second : (config?.values ?? []);
      if (typeof text === 'string') recording.push({ text, values: [...values] });
    }
    return original.apply(this, args);
  };
}

/** Statements that are not the list's own: the caller lookup every request makes, and the job queue's polling. */
const noise = (statement: CapturedStatement) => (statement.text.startsWith(PREPARE) && /\bwith principal as\b/.test(statement.text)) || /\bpgboss\b/i.test(statement.text) || /^\s*(listen|unlisten|begin|commit|rollback)\b/i.test(statement.text);

async function record(work: () => Promise<unknown>): Promise<CapturedStatement[]> {
  install();
  if (recording) throw new Error('capture already open');
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

/**
 * The list statements one request sends: `work` is run twice, and a statement is kept when its text
 * is sent both times (anything unrelated that happens to run meanwhile is dropped), in first-seen order.
 * Also answers the caller lookup (the prepared statement) apart, for the record.
 */
export async function captureStatements(work: () => Promise<unknown>): Promise<{ list: CapturedStatement[]; other: CapturedStatement[] }> {
  const first = await record(work);
  const second = new Set((await record(work)).map((statement) => statement.text));
  const repeated = first.filter((statement) => second.has(statement.text));
  return { list: repeated.filter((statement) => !noise(statement)), other: repeated.filter(noise) };
}
