// A real Luma server as a child process (node --import tsx src/server/main.ts in its own process
// group), for the tests that kill a process or run several on one database, and plain HTTP calls to it.
// Node runs main.ts itself, not through the tsx CLI: the CLI relays a SIGTERM to its child and, when
// the child has not acknowledged it within 30 ms (a busy machine), SIGKILLs it and exits 143, so a
// clean shutdown under load looked like a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// From the file's own path: under jsdom (the dom tests) the global URL is jsdom's, which fileURLToPath does not take.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD_SECRET_KEY = Buffer.alloc(32, 9).toString('base64');

export interface ChildServer {
  process: ChildProcess;
  port: number;
  output: () => string;
}

/** The environment of one of several Luma processes on one PostgreSQL database (every role, no demo
 * data, no built app, warnings only), for the tests of several instances. */
export function instanceEnv(databaseUrl: string, admin: { email: string; password: string }): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LUMA_ROLE: 'all',
    LUMA_ADMIN_EMAIL: admin.email,
    LUMA_ADMIN_PASSWORD: admin.password,
    LUMA_DEMO: '0',
    LUMA_LOG_LEVEL: 'warn',
    LUMA_APP_DIR: '/nonexistent/luma-app',
  };
}

/**
 * Starts a server with `env` over this process's environment (DATABASE_URL is dropped unless `env`
 * names one: PGlite then). Resolves on the line that says it listens; fails as soon as the process
 * exits. The test's timeout bounds the rest. `nodeArgs`: node's arguments (the compiled server:
 * `dist/server/main.js`, tests/api/compiled-server.test.ts).
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = ['--import', 'tsx', 'src/server/main.ts']): Promise<ChildServer> {
  return startChild(env, nodeArgs, (output) => {
    const match = /Luma is running at http:\/\/localhost:(\d+)/.exec(output);
    return match ? Number(match[1]) : undefined;
  });
}

/** A worker (LUMA_ROLE=worker: jobs only, no HTTP; port 0), resolved on the line that says it runs. */
export async function startWorker(env: Record<string, string>): Promise<ChildServer> {
  return startChild({ ...env, LUMA_ROLE: 'worker' }, ['--import', 'tsx', 'src/server/main.ts'], (output) => (output.includes('Luma worker is running') ? 0 : undefined));
}

async function startChild(env: Record<string, string>, nodeArgs: string[], ready: (output: string) => number | undefined): Promise<ChildServer> {
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // Instances on one PostgreSQL database share the key of the secrets at rest (PGlite generates its own).
  else childEnv.LUMA_SECRET_KEY ||= CHILD_SECRET_KEY;
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const port = ready(output);
      if (port !== undefined) resolve(port);
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', () => reject(new Error(`server did not start:\n${output}`)));
  });
  return { process: child, port, output: () => output };
}

/** Signals the whole process group (the server's node process and anything it started) and waits for the exit. */
export async function stopServer(child: ChildServer | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  try {
    process.kill(-child.process.pid!, signal);
  } catch {
    // Already gone.
  }
  await exited;
}

export interface ChildAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: Headers;
  /** The `name=value` of a Set-Cookie header, if any. */
  cookie: string | null;
}

/** A call under /api in the dev environment, JSON in and out. */
export async function callServer(port: number, method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}): Promise<ChildAnswer> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { cookie, 'x-project-env': 'dev', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers, cookie: setCookie ? setCookie.split(';')[0]! : null };
}
