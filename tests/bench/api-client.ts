// The bench's client of a running server: signs in and calls the API with JSON, failing loudly.
export const BENCH_ADMIN = { email: 'bench@luma.local', password: 'bench-password-1' };

export type BenchCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Signs in as the bench admin at `base` (the /api URL) and answers a JSON caller with that session. */
export async function signedInCaller(base: string): Promise<{ cookie: string; call: BenchCall }> {
  const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('luma_session='))?.split(';')[0];
  if (!cookie) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const call: BenchCall = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return { cookie, call };
}
