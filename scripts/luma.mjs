#!/usr/bin/env node
// The Luma command line (docs/snapshots.md): `luma snapshot [--records] > project.json` writes the
// snapshot of the project of the API user whose secret is LUMA_API_KEY, from the server at LUMA_URL.
// Exit status 0 on success, 2 on an error with a one-line message on stderr. Plain Node, no build.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = 'usage: luma snapshot [--records]   (LUMA_URL and LUMA_API_KEY from the environment)';

/** The snapshot's text, or an Error with a one-line message. */
export async function fetchSnapshot({ url, key, records = false, fetchImpl = fetch }) {
  if (!url) throw new Error('LUMA_URL is not set (the server, e.g. https://luma.example.com)');
  if (!key) throw new Error("LUMA_API_KEY is not set (an API user's secret, luma_...)");
  let target;
  try {
    target = new URL(`api/v3/system/snapshot${records ? '?records=1' : ''}`, url.endsWith('/') ? url : `${url}/`);
  } catch {
    throw new Error(`LUMA_URL is not a URL: ${url}`);
  }
  let response;
  try {
    response = await fetchImpl(target, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  } catch (error) {
    throw new Error(`cannot reach ${target.origin}: ${error.cause?.code ?? error.cause?.errors?.[0]?.code ?? error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = '';
    try {
      message = JSON.parse(text).message ?? '';
    } catch {
      message = text.slice(0, 80);
    }
    throw new Error(`the server answered ${response.status}${message ? ` ${message}` : ''}${response.status === 403 ? ' (the API user needs an admin role)' : ''}`);
  }
  return text;
}

export async function main(argv, env, out = process.stdout, err = process.stderr) {
  const [command, ...flags] = argv;
  const unknown = flags.filter((flag) => flag !== '--records');
  if (command !== 'snapshot' || unknown.length > 0) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  try {
    out.write(await fetchSnapshot({ url: env.LUMA_URL, key: env.LUMA_API_KEY, records: flags.includes('--records') }));
    return 0;
  } catch (error) {
    err.write(`luma: ${String(error.message).split('\n')[0]}\n`);
    return 2;
  }
}

/** Run as a command (directly, or through npx's link), not imported by a test. */
function isCommand() {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isCommand()) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
