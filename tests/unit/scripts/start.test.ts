// `npm start` (scripts/start.mjs, scripts/build.mjs, src/server/platform/banner.ts): the build is
// quiet unless it fails and runs only when the build is missing or older than the sources, and the
// start ends with a box holding the URL, who can connect (loopback by default, and how to open it
// up) and the sign-in.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boxed, isLoopbackHost, listenLine } from '../../../src/server/platform/banner';
// @ts-expect-error a plain .mjs script without type declarations
import { quietBuild } from '../../../scripts/start.mjs';
// @ts-expect-error a plain .mjs script without type declarations
import { buildState, buildSteps, writeStamp } from '../../../scripts/build.mjs';

const STARTED = Date.UTC(2026, 0, 1);
const roots: string[] = [];

/** A project tree with `files`, every one modified at `at` (ms). */
function tree(files: string[], at: number): string {
  const root = mkdtempSync(join(tmpdir(), 'luma-start-'));
  roots.push(root);
  for (const file of files) touch(root, file, at);
  return root;
}

function touch(root: string, file: string, at: number): void {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  utimesSync(path, at / 1000, at / 1000);
}

const BUILT = ['src/server/main.ts', 'runtime/index.ts', 'package-lock.json', 'dist/app/index.html', 'dist/app/public-app.html', 'dist/server/main.js', 'dist/server/sandbox.worker.js', 'dist/testing/index.js'];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('npm start', () => {
  it('keeps the build output to itself unless a step fails, and stops at the failing step', () => {
    const chatter = Array.from({ length: 200 }, (_, i) => `dist/assets/chunk-${i}.js 1.2 kB`).join('\n');
    expect(quietBuild(() => ({ status: 0, output: chatter }))).toEqual({ ok: true, output: '' });
    expect(quietBuild(() => ({ status: 1, output: 'error: src/app/main.tsx: Unexpected token' }))).toEqual({ ok: false, output: 'error: src/app/main.tsx: Unexpected token' });
    const ran: string[] = [];
    const failsOnServer = quietBuild((_command: string, args: string[]) => {
      ran.push(args[0]!);
      return args[0]!.endsWith('build-server.mjs') ? { status: 1, output: 'ERROR: node cannot resolve' } : { status: 0, output: chatter };
    });
    expect(failsOnServer).toEqual({ ok: false, output: 'ERROR: node cannot resolve' });
    expect(ran.map((script) => script.split('/').pop())).toEqual(['vite.js', 'build-server.mjs']);
    expect((buildSteps() as [string, string[]][]).map(([, args]) => args.join(' ').split('/').pop())).toEqual(['vite.js build', 'build-server.mjs', 'build-testing.mjs']);
  });

  it('builds only when the build is missing, incomplete, older than the sources or made for other plugins', () => {
    const root = tree(BUILT, STARTED - 60_000);
    expect(buildState(root, {})).toEqual({ fresh: false, reason: 'no build yet' });
    writeStamp(STARTED, root, {});
    expect(buildState(root, {})).toEqual({ fresh: true });
    // Tests and the list the build writes itself do not count; a source does.
    touch(root, 'runtime/list.test.ts', STARTED + 1000);
    touch(root, 'src/server/platform/plugin-types.ts', STARTED + 1000);
    expect(buildState(root, {})).toEqual({ fresh: true });
    touch(root, 'renderers/data/list.tsx', STARTED + 1000);
    expect(buildState(root, {})).toEqual({ fresh: false, reason: 'the sources changed' });
    writeStamp(STARTED + 2000, root, { LUMA_PLUGINS: 'star-rating' });
    expect(buildState(root, { LUMA_PLUGINS: ' star-rating ' })).toEqual({ fresh: true });
    expect(buildState(root, {})).toEqual({ fresh: false, reason: 'LUMA_PLUGINS changed' });
    touch(root, 'package-lock.json', STARTED + 3000);
    expect(buildState(root, { LUMA_PLUGINS: 'star-rating' })).toEqual({ fresh: false, reason: 'the sources changed' });
    rmSync(join(root, 'dist/server/sandbox.worker.js'));
    expect(buildState(root, { LUMA_PLUGINS: 'star-rating' })).toEqual({ fresh: false, reason: 'dist/server/sandbox.worker.js is missing' });
  });

  it('says who can connect: loopback names how to listen publicly', () => {
    expect(listenLine('127.0.0.1')).toBe('Listening on 127.0.0.1 only (this machine); HOST=0.0.0.0 npm start listens on every interface');
    expect(listenLine('0.0.0.0')).toBe('Listening on every interface (HOST=0.0.0.0)');
    expect(listenLine('10.0.0.5')).toBe('Listening on 10.0.0.5 (HOST=10.0.0.5)');
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('boxes the sign-in block, every line the same width', () => {
    const box = boxed(['Luma is running at http://localhost:8080', 'Sign in as admin@luma.local']).split('\n');
    expect(box).toHaveLength(4);
    expect(new Set(box.map((line) => line.length)).size).toBe(1);
    expect(box[1]).toBe('│ Luma is running at http://localhost:8080 │');
    expect(box[0]!.startsWith('┌')).toBe(true);
    expect(box[3]!.startsWith('└')).toBe(true);
  });
});
