// Outgoing requests of workflow nodes (docs/workflows.md "Outgoing requests"): the name is resolved
// first and every address checked; loopback, private, link-local, metadata, unspecified, CGNAT,
// multicast and reserved addresses are refused, also inside IPv4-mapped, -compatible, NAT64 and
// 6to4 IPv6 forms. The connection is made to the vetted address (no second lookup, so no DNS
// rebinding), and each redirect is checked again. `host:port` pairs in settings.httpAllow pass. A
// redirect to another origin (scheme, host or port) loses the request's credentials (credentialHeaders).
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { embeddedIpv4 } from '../platform/addresses';
import { AddressRefused, type ActionSettings } from './types';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['fd00:ec2::254', 128],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Why an address may not be reached, or null when it may. */
export function addressProblem(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 4) return blocked.check(address, 'ipv4') ? 'private, loopback or reserved address' : null;
  const inner = embeddedIpv4(address);
  if (inner !== null && blocked.check(inner, 'ipv4')) return 'private, loopback or reserved address (IPv6 form)';
  return blocked.check(address, 'ipv6') ? 'private, loopback or reserved address' : null;
}

export interface Vetted {
  url: URL;
  address: string;
  family: 4 | 6;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'smtps:' ? '465' : '80');
}

/** The host name without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function allowed(host: string, port: string, settings: Pick<ActionSettings, 'httpAllow'>): boolean {
  const key = `${host.toLowerCase()}:${port}`;
  const bracketed = `[${host.toLowerCase()}]:${port}`;
  return settings.httpAllow.includes(key) || settings.httpAllow.includes(bracketed);
}

/** Resolves host:port and answers the address to connect to, or throws AddressRefused. */
export async function resolveAllowed(host: string, port: string, settings: Pick<ActionSettings, 'httpAllow'>): Promise<{ address: string; family: 4 | 6 }> {
  const name = host.startsWith('[') ? host.slice(1, -1) : host;
  if (name === '' || name.includes('\u0000')) throw new AddressRefused(host, 'no host');
  const literal = isIP(name);
  const addresses = literal ? [{ address: name, family: literal }] : await lookup(name, { all: true, verbatim: true }).catch(() => {
    throw new AddressRefused(name, 'the name does not resolve');
  });
  if (addresses.length === 0) throw new AddressRefused(name, 'the name does not resolve');
  if (!allowed(name, port, settings)) {
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) throw new AddressRefused(literal ? name : `${name} (${address})`, problem);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Checks a URL (http or https only) and resolves it to a vetted address. */
export async function vetUrl(raw: string, settings: Pick<ActionSettings, 'httpAllow'>): Promise<Vetted> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused(raw.slice(0, 200), 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefused(url.protocol, 'only http and https');
  if (url.username || url.password) throw new AddressRefused(url.host, 'credentials in the URL');
  const { address, family } = await resolveAllowed(bareHost(url), effectivePort(url), settings);
  return { url, address, family };
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

const MAX_REDIRECTS = 5;
const KEPT_HEADERS = ['content-type', 'content-length', 'location', 'date', 'etag'];

function once(vetted: Vetted, request: GuardedRequest): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const maxBytes = request.maxBytes ?? 1024 * 1024;
  const agent = vetted.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = agent.request(
      vetted.url,
      {
        method: request.method,
        headers: request.headers,
        // The vetted address, never a second lookup.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: vetted.address, family: vetted.family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, vetted.address, vetted.family);
        },
        servername: isIP(bareHost(vetted.url)) ? undefined : bareHost(vetted.url),
        signal: request.signal,
        timeout: request.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new Error(`the reply is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/**
 * Headers that carry credentials: Authorization, Proxy-Authorization, Cookie, and any header whose
 * name speaks of a key, token, secret, password, session or auth (X-Api-Key, X-Auth-Token, ...).
 */
export const CREDENTIAL_HEADER = /auth|cookie|token|secret|passw|session|api[-_]?key|^x-.*key$/i;

/** The headers without those that carry credentials (a redirect to another origin, as browsers and curl do). */
export function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADER.test(name)));
}

/**
 * An HTTP request through the guard, following at most 5 redirects, each checked again. A redirect to
 * another origin (scheme, host or port) drops the credential headers for the rest of the chain, so a
 * service that redirects elsewhere never hands the node's credentials to the next host.
 */
export async function guardedRequest(raw: string, request: GuardedRequest, settings: Pick<ActionSettings, 'httpAllow'>): Promise<GuardedResponse> {
  let target = raw;
  let current = request;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const vetted = await vetUrl(target, settings);
    const answer = await once(vetted, current);
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && typeof location === 'string') {
      target = new URL(location, vetted.url).toString();
      if (new URL(target).origin !== vetted.url.origin) current = { ...current, headers: withoutCredentials(current.headers) };
      // 303 (and 301/302 after POST, as browsers do) turn into a GET without a body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && current.method === 'POST')) current = { ...current, method: 'GET', body: undefined };
      continue;
    }
    const headers: Record<string, string> = {};
    for (const key of KEPT_HEADERS) {
      const value = answer.headers[key];
      if (typeof value === 'string') headers[key] = value;
    }
    const text = answer.body.toString('utf8');
    let body: unknown = text;
    if ((headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: answer.status, headers, body };
  }
  throw new AddressRefused(target, `more than ${MAX_REDIRECTS} redirects`);
}
