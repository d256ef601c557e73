// /admin/developer renders every operation of the real /api/openapi.json (docs/api.md "The document"):
// a Luma server runs as a child process (PGlite), and the page's own viewer (swaggerUi.ts) loads the
// document from it. swagger-ui virtualizes its list (only the visible part is in the DOM), so the
// operations it lays out are counted against the document's, and the DOM shows operations too.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { mountReferenceViewer, type ReferenceViewer } from '../../src/app/features/developer/swaggerUi';
import { startServer, stopServer, type ChildServer } from '../api/child-server';

let child: ChildServer | null = null;
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'luma-developer-'));
  child = await startServer({ PORT: '0', HOST: '127.0.0.1', LUMA_DATA_DIR: dataDir, LUMA_DEMO: '0', LUMA_LOG_LEVEL: 'warn', LUMA_APP_DIR: '/nonexistent/luma-app' });
}, 180_000);

afterAll(async () => {
  await stopServer(child, 'SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('lays out every operation of the document, none twice, and draws them', async () => {
  const url = `http://127.0.0.1:${child!.port}/api/openapi.json`;
  const doc = (await (await fetch(url)).json()) as { paths: Record<string, Record<string, unknown>> };
  const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)).sort();
  expect(expected.length).toBeGreaterThan(180);
  expect(expected).toContain('GET /api/spark/spark/logs/{id}');
  expect(expected).toContain('POST /api/spark/invoke/{name}');

  // jsdom has no scrolling; swagger-ui's virtualized list calls it on layout.
  window.scrollTo = () => undefined;
  const node = document.createElement('div');
  document.body.append(node);
  let viewer: ReferenceViewer | null = null;
  try {
    viewer = await mountReferenceViewer(node, url);
    const shown = viewer;
    await vi.waitFor(() => expect(shown.operations().length).toBeGreaterThan(0), { timeout: 60_000, interval: 200 });
    expect(shown.operations().sort()).toEqual(expected);
    // The tags come collapsed; opening one draws its operations.
    await vi.waitFor(() => expect(node.querySelectorAll('.opblock-tag').length).toBeGreaterThan(5), { timeout: 60_000, interval: 200 });
    expect(node.querySelectorAll('.opblock')).toHaveLength(0);
    (node.querySelector('.opblock-tag') as HTMLElement).click();
    await vi.waitFor(() => expect(node.querySelectorAll('.opblock').length).toBeGreaterThan(0), { timeout: 60_000, interval: 200 });
  } finally {
    viewer?.destroy();
    node.remove();
  }
}, 180_000);
