// Workflow throughput (docs/workflows.md), in one run on one PostgreSQL: records created per second
// with no workflow (the baseline), with a three-node Before::Create workflow (event -> condition ->
// expression, run inside each write's transaction), and after-commit Create runs of the same three
// nodes completed per second by the server's pg-boss worker. A real server process (tsx
// src/server/main.ts) on a scratch database; 8 concurrent clients. Figures, never a pass/fail.
// `npx tsx tests/bench/workflows.ts` runs it alone.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer, stopServer } from '../api/child-server';
import { BENCH_ADMIN, signedInCaller, type BenchCall } from './api-client';
import { scratchDatabase } from './scratch-db';

const CLIENTS = 8;
const RECORDS = Number(process.env.LUMA_BENCH_WORKFLOW_RECORDS ?? 600);

const text = (key: string) => ({ name: key, key, auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } });

async function component(call: BenchCall, name: string): Promise<string> {
  const created = await call('POST', '/v3/system/component', { name, label: { en_US: name } });
  const uuid = created.uuid as string;
  const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
  await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields: [text('title'), { ...text('total'), type: 'number', constraints: {} }] } });
  await call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'live', ref: uuid });
  return uuid;
}

function threeNodes(event: string) {
  const node = (id: number, type: string, action: string, data: Record<string, unknown>) => ({ id, name: `n_${id}`, x: 0, y: 0, width: 120, height: 60, type, action, paused: false, parallel: false, data, connections: [] as unknown[] });
  const start = node(10_000_001, 'event', event, {});
  const check = node(10_000_002, 'condition', '', { expression: 'data.total >= 0' });
  const change = node(10_000_003, 'operation', 'expression', { expression: 'return { data: { ...data, title: data.title.trim() } }' });
  start.connections.push({ id: 'a', source: { id: start.id, position: 'bottom' }, destination: { id: check.id, position: 'top' }, type: 'pass', name: 'pass' });
  check.connections.push({ id: 'b', source: { id: check.id, position: 'bottom' }, destination: { id: change.id, position: 'top' }, type: 'pass', name: 'pass' });
  return [start, check, change];
}

async function workflow(call: BenchCall, componentUuid: string, name: string, event: string): Promise<string> {
  const created = await call('POST', '/workflow/workflows', { component_uuid: componentUuid, name });
  const uuid = created.uuid as string;
  await call('PUT', `/workflow/workflows/${uuid}/version/v1`, { nodes: threeNodes(event) });
  await call('POST', `/workflow/workflows/${uuid}/publish`, { version: 'v1', env: 'live' });
  return uuid;
}

/** RECORDS creates over CLIENTS concurrent loops; answers records per second. */
async function creates(call: BenchCall, componentUuid: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < RECORDS) {
        const i = next++;
        await call('POST', `/v3/system/component/${componentUuid}/model`, { data: { title: ` record ${i} `, total: i } });
      }
    }),
  );
  return RECORDS / ((performance.now() - started) / 1000);
}

export interface WorkflowFigures {
  plain: number;
  before: number;
  after: number;
  afterWrites: number;
}

export async function runWorkflowBench(): Promise<WorkflowFigures> {
  const scratch = await scratchDatabase();
  const server = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: scratch.url,
    LUMA_ADMIN_EMAIL: BENCH_ADMIN.email,
    LUMA_ADMIN_PASSWORD: BENCH_ADMIN.password,
    LUMA_APP_DIR: '/nonexistent/luma-app',
    LUMA_LOG_LEVEL: 'warn',
    LUMA_DEMO: '0',
    LUMA_JOB_POLL_SECONDS: '0.5',
  });
  try {
    const base = `http://127.0.0.1:${server.port}/api`;
    const { call } = await signedInCaller(base);
    const plainComponent = await component(call, 'plain');
    const beforeComponent = await component(call, 'guarded');
    const afterComponent = await component(call, 'reacting');
    await workflow(call, beforeComponent, 'Before', 'Before::Create');
    const afterWorkflow = await workflow(call, afterComponent, 'After', 'Create');

    const plain = await creates(call, plainComponent);
    const before = await creates(call, beforeComponent);
    // After-commit runs: from the first write until the last run has finished.
    const started = performance.now();
    const afterWrites = await creates(call, afterComponent);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      for (;;) {
        const { rows } = await client.query<{ done: number }>(`select count(*)::int as done from workflow_runs where workflow_uuid = $1 and status in ('success', 'error')`, [afterWorkflow]);
        if (rows[0]!.done >= RECORDS) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
    const after = RECORDS / ((performance.now() - started) / 1000);
    return { plain, before, after, afterWrites };
  } finally {
    await stopServer(server, 'SIGTERM');
    await scratch.drop();
  }
}

export function printWorkflowFigures(figures: WorkflowFigures): void {
  const f = (n: number) => n.toFixed(0).padStart(6);
  console.log(`\nWorkflows (PostgreSQL, ${RECORDS} records, ${CLIENTS} clients; the same server and run)`);
  console.log(`  records created, no workflow (baseline)          ${f(figures.plain)} /s`);
  console.log(`  records created, Before::Create of three nodes   ${f(figures.before)} /s   ${(figures.before / figures.plain).toFixed(2)}x of baseline`);
  console.log(`  records created, with an after-commit Create     ${f(figures.afterWrites)} /s   ${(figures.afterWrites / figures.plain).toFixed(2)}x of baseline`);
  console.log(`  after-commit runs of three nodes completed       ${f(figures.after)} /s   ${(figures.after / figures.plain).toFixed(2)}x of baseline`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printWorkflowFigures(await runWorkflowBench());
}
