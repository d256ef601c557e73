// Import refusal bench (issue 29 item 10; figures, never a pass/fail on time): 1,000 order rows with
// text, number, select, date, checkbox and relation fields (every row relating to a customer), through
// the import API end to end on PGlite with its data on disk (as `npm start` keeps it): first the file
// with one bad row (answered 417, nothing written), then the same file fixed (1,000 created). The
// refusal checks every row as the import does and writes nothing, so it must take no longer.
// Alone: npx tsx tests/bench/import-refusal.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csv, multipartBody } from '../api/import-fixtures';
import { benchServer, type BenchServer } from './import';

const ROWS = 1000;
const ENV = 'dev';

export interface ImportRefusalFigures {
  rows: number;
  refusalMs: number;
  importMs: number;
}

async function component(server: BenchServer, name: string, fields: unknown[]): Promise<string> {
  const { uuid } = (await server.call('POST', '/v3/system/component', { name, label: { en_US: name } })) as { uuid: string };
  const model = await server.call('GET', `/v3/system/component/settings/${uuid}/v1`);
  await server.call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields } });
  return uuid;
}

const field = (key: string, module: string, type: string, extra: Record<string, unknown> = {}) => ({ name: key, key, auto_key: false, module, type, constraints: {}, ...extra });

/** The import API with the file, end to end: the status and the time in ms. */
async function timed(server: BenchServer, ref: string, file: string): Promise<{ status: number; ms: number; body: string }> {
  const { body, contentType } = multipartBody({ file, primaryKey: '', fieldMap: '' });
  const start = performance.now();
  const response = await fetch(`${server.base}/v1/system/component/${ref}/import`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'x-project-env': ENV, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - start, body: text };
}

export async function runImportRefusalBench(): Promise<ImportRefusalFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'luma-bench-refusal-'));
  const server = await benchServer(null, dataDir);
  try {
    const customers = await component(server, 'customers', [field('name', 'input', 'text')]);
    const made = await timed(server, customers, csv([['name'], ['Ann']]));
    if (made.status !== 200) throw new Error(`the customer import answered ${made.status} ${made.body.slice(0, 300)}`);
    const [customer] = await server.database.db.selectFrom('records').select('uuid').where('component_uuid', '=', customers).execute();
    if (!customer) throw new Error('no customer was created');
    const orders = await component(server, 'orders', [
      field('order_no', 'input', 'text'),
      field('total', 'input', 'number'),
      field('status', 'select', 'text', { constraints: { selectables: { items: ['new', 'paid'] } } }),
      field('order_date', 'picker', 'date'),
      field('paid', 'checkbox', 'bool'),
      field('customer', 'select', 'relation', { relation: { foreign: customers, key: ['customer', 'uuid'], type: 'one-to-one' } }),
    ]);
    const file = (bad: boolean) =>
      csv([
        ['order_no', 'total', 'status', 'order_date', 'paid', 'customer'],
        ...Array.from({ length: ROWS }, (_, i) => [`O-${i}`, bad && i === ROWS / 2 ? 'twelve' : String(i), i % 2 ? 'new' : 'paid', '2026-11-27', i % 2 ? 'true' : 'false', customer.uuid]),
      ]);
    const refusal = await timed(server, orders, file(true));
    if (refusal.status !== 417) throw new Error(`the bad file answered ${refusal.status} ${refusal.body.slice(0, 300)}`);
    const imported = await timed(server, orders, file(false));
    if (imported.status !== 200) throw new Error(`the good file answered ${imported.status} ${imported.body.slice(0, 300)}`);
    const figures = { rows: ROWS, refusalMs: refusal.ms, importMs: imported.ms };
    console.log(`\nImport refusal: ${ROWS.toLocaleString('en-US')} order rows (text, number, select, date, checkbox, relation), PGlite on disk`);
    console.log(`refused (one bad row, 417): ${(figures.refusalMs / 1000).toFixed(2)} s`);
    console.log(`imported (the fixed file): ${(figures.importMs / 1000).toFixed(2)} s`);
    return figures;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runImportRefusalBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
