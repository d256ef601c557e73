#!/usr/bin/env node
// A block of consecutive free loopback ports, for the e2e servers (playwright.config.ts: the app on
// the first, e2e/iam.spec.ts's SMTP server on the next, e2e/custom-renderer.spec.ts's server on the
// third, e2e/first-admin-day.spec.ts's order service on the fourth). `node scripts/free-ports.mjs 4` prints the first port of such a block. The ports are free
// when checked; another process could take one before the tests do, which is as good as a fixed
// port gets without holding them.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

/** Whether `port` can be listened on at 127.0.0.1 now; 0 asks the system for any and answers it. */
function tryListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const taken = server.address().port;
      server.close(() => resolve(taken));
    });
  });
}

/**
 * The first port of `count` consecutive free ports: the system picks a free one, the next ones are
 * checked; up to `attempts` tries.
 * @param {number} count
 * @param {(port: number) => Promise<number | null>} [listen]
 */
export async function freePortBlock(count, listen = tryListen, attempts = 50) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const base = await listen(0);
    if (base === null || base + count - 1 > 65535) continue;
    let free = true;
    for (let next = base + 1; next < base + count && free; next++) free = (await listen(next)) !== null;
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found; set LUMA_E2E_PORT`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? 1);
  freePortBlock(Number.isInteger(count) && count > 0 ? count : 1).then(
    (port) => console.log(port),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
