// Two real Luma processes (child-server.ts, every role, their caches at their defaults) on one
// scratch PostgreSQL database, started before a suite and stopped after it, and a sign-in on either.
import { afterAll, beforeAll } from 'vitest';
import { instanceEnv, startServer, stopServer, type ChildServer } from './child-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createScratchDatabase, type ScratchDatabase } from './harness';

export interface TwoInstances {
  scratch: ScratchDatabase;
  a: ChildServer;
  b: ChildServer;
}

/** Starts both in beforeAll (PostgreSQL only: call it inside a suite skipped elsewhere); answers a getter. */
export function useTwoInstances(): () => TwoInstances {
  let scratch: ScratchDatabase | null = null;
  let a: ChildServer | null = null;
  let b: ChildServer | null = null;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = instanceEnv(scratch.database.url!, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    a = await startServer(env);
    b = await startServer(env);
  }, 120_000);
  afterAll(async () => {
    await stopServer(a, 'SIGTERM');
    await stopServer(b, 'SIGTERM');
    await scratch?.drop();
  });
  return () => {
    if (!scratch || !a || !b) throw new Error('the two instances are not started');
    return { scratch, a, b };
  };
}

/** Signs in on the server at `port` (the admin unless told); answers the session cookie. */
export async function signInOn(port: number, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in on ${port}: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
