// `npm start` (scripts/start.mjs, src/server/platform/banner.ts): the build is quiet unless it fails,
// and the start ends with a box holding the URL, who can connect (loopback by default, and how to
// open it up) and the sign-in.
import { describe, expect, it } from 'vitest';
import { boxed, isLoopbackHost, listenLine } from '../../../src/server/platform/banner';
// @ts-expect-error a plain .mjs script without type declarations
import { quietBuild } from '../../../scripts/start.mjs';

describe('npm start', () => {
  it('keeps the build output to itself unless the build fails', () => {
    const chatter = Array.from({ length: 200 }, (_, i) => `dist/assets/chunk-${i}.js 1.2 kB`).join('\n');
    expect(quietBuild(() => ({ status: 0, output: chatter }))).toEqual({ ok: true, output: '' });
    expect(quietBuild(() => ({ status: 1, output: 'error: src/app/main.tsx: Unexpected token' }))).toEqual({ ok: false, output: 'error: src/app/main.tsx: Unexpected token' });
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
