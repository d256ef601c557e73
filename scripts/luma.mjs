#!/usr/bin/env node
// The Luma command line (docs/snapshots.md): `luma snapshot [--records] > project.json` writes the
// snapshot of the project of the API user whose secret is LUMA_API_KEY, from the server at LUMA_URL;
// `luma apply project.json --dry-run` prints what applying it would create (+), change (~) and remove
// (-); `luma apply project.json` applies it in one transaction and prints what it did. Exit status 0
// on success (a dry run: nothing would change), 1 when a dry run would change something, 2 on an error
// (a refused apply changes nothing) with a one-line message on stderr. Plain Node, no build.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = 'usage: luma snapshot [--records] | luma apply <project.json> [--dry-run]   (LUMA_URL and LUMA_API_KEY from the environment)';

/** The answer's text of a call to the server, or an Error with a one-line message. */
async function call({ url, key, path, body, fetchImpl = fetch }) {
  if (!url) throw new Error('LUMA_URL is not set (the server, e.g. https://luma.example.com)');
  if (!key) throw new Error("LUMA_API_KEY is not set (an API user's secret, luma_...)");
  let target;
  try {
    target = new URL(`api/${path}`, url.endsWith('/') ? url : `${url}/`);
  } catch {
    throw new Error(`LUMA_URL is not a URL: ${url}`);
  }
  const headers = { authorization: `Bearer ${key}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  let response;
  try {
    response = await fetchImpl(target, { method: body === undefined ? 'GET' : 'POST', headers, body });
  } catch (error) {
    throw new Error(`cannot reach ${target.origin}: ${error.cause?.code ?? error.cause?.errors?.[0]?.code ?? error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = '';
    try {
      const answer = JSON.parse(text);
      // What was refused and where (an apply names the item: components.orders.name).
      const first = answer.errors?.[0];
      message = `${answer.message ?? ''}${first?.field ? ` at ${first.field}${first.messages?.[0] && first.messages[0] !== answer.message ? ` (${first.messages[0]})` : ''}` : ''}`;
    } catch {
      message = text.slice(0, 80);
    }
    throw new Error(`the server answered ${response.status}${message ? ` ${message}` : ''}${response.status === 403 ? ' (the API user needs an admin role)' : ''}`);
  }
  return text;
}

/** The snapshot's text, or an Error with a one-line message. */
export function fetchSnapshot({ url, key, records = false, fetchImpl = fetch }) {
  return call({ url, key, path: `v3/system/snapshot${records ? '?records=1' : ''}`, fetchImpl });
}

/** The diff's readable lines (`+ component orders`, `~ component orders (fields, presets)`, `- widget sales`). */
export function diffLines(diff) {
  const line = (sign) => (entry) => `${sign} ${entry.kind} ${entry.name}${entry.fields ? ` (${entry.fields.join(', ')})` : ''}`;
  return [...diff.create.map(line('+')), ...diff.change.map(line('~')), ...diff.remove.map(line('-'))];
}

function readDocument(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
    JSON.parse(text);
  } catch (error) {
    throw new Error(error instanceof SyntaxError ? `${file} is not JSON: ${error.message}` : `cannot read ${file}: ${error.code ?? error.message}`);
  }
  return text;
}

/** The diff of a snapshot file against the server's project. */
async function dryRun(file, env, out) {
  const text = readDocument(file);
  const lines = diffLines(JSON.parse(await call({ url: env.LUMA_URL, key: env.LUMA_API_KEY, path: 'v3/system/snapshot/diff', body: text })));
  out.write(lines.length === 0 ? 'nothing would change\n' : `${lines.join('\n')}\n`);
  return lines.length === 0 ? 0 : 1;
}

/** Applies a snapshot file to the server's project and prints what it did. */
async function applyFile(file, env, out) {
  const text = readDocument(file);
  const lines = diffLines(JSON.parse(await call({ url: env.LUMA_URL, key: env.LUMA_API_KEY, path: 'v3/system/snapshot/apply', body: text })).diff);
  out.write(lines.length === 0 ? 'nothing changed\n' : `${lines.join('\n')}\napplied\n`);
  return 0;
}

export async function main(argv, env, out = process.stdout, err = process.stderr) {
  const [command, ...rest] = argv;
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const snapshot = command === 'snapshot' && files.length === 0 && flags.every((flag) => flag === '--records');
  const apply = command === 'apply' && files.length === 1 && flags.every((flag) => flag === '--dry-run');
  if (!snapshot && !apply) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  try {
    if (apply) return await (flags.includes('--dry-run') ? dryRun : applyFile)(files[0], env, out);
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
