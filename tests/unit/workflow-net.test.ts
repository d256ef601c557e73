// The SSRF guard's address check (src/server/workflows/net.ts): every private, loopback, link-local,
// metadata and reserved address is refused, also inside IPv6 forms; public addresses pass. A redirect
// to another origin loses the request's credentials (two local servers on two ports).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem, guardedRequest, resolveAllowed, vetUrl, withoutCredentials } from '../../src/server/workflows/net';

describe('workflow SSRF guard', () => {
  it('refuses private, loopback, link-local, metadata, unspecified, CGNAT and reserved IPv4', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255']) {
      expect(addressProblem(address), address).not.toBeNull();
    }
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1']) expect(addressProblem(address), address).toBeNull();
  });

  it('refuses IPv6 loopback, unique-local, link-local, metadata and IPv4 hidden in mapped, compatible, NAT64 and 6to4 forms', () => {
    for (const address of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2002:a9fe:a9fe::']) {
      expect(addressProblem(address), address).not.toBeNull();
    }
    for (const address of ['2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:808:808::1']) expect(addressProblem(address), address).toBeNull();
  });

  it('reads decimal, octal and hex spellings as the address they are', async () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f000001/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/']) await expect(vetUrl(url, { httpAllow: [] }), url).rejects.toThrow(/refused/);
    await expect(vetUrl('ftp://example.com/', { httpAllow: [] })).rejects.toThrow('only http and https');
    // The allow-list is read the same way for every spelling (the dry run and the run share vetUrl).
    await expect(vetUrl('http://0x7f000001:8080/', { httpAllow: ['127.0.0.1:8080'] })).resolves.toMatchObject({ address: '127.0.0.1' });
  });

  it('refuses a name that resolves to loopback, and passes only the exact allowed host:port', async () => {
    await expect(resolveAllowed('localhost', '80', { httpAllow: [] })).rejects.toThrow(/refused/);
    await expect(resolveAllowed('127.0.0.1', '8080', { httpAllow: ['127.0.0.1:8080'] })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveAllowed('127.0.0.1', '8081', { httpAllow: ['127.0.0.1:8080'] })).rejects.toThrow(/refused/);
  });
});

describe('workflow HTTP redirects', () => {
  // Two local servers on two ports (two origins), both allowed like LUMA_WORKFLOW_HTTP_ALLOW would.
  const seen: { server: 'a' | 'b'; url: string; headers: http.IncomingHttpHeaders }[] = [];
  let portA = 0;
  let portB = 0;
  const a = http.createServer((request, response) => {
    seen.push({ server: 'a', url: request.url!, headers: request.headers });
    if (request.url === '/same') response.writeHead(302, { location: '/landing' }).end();
    else if (request.url === '/away') response.writeHead(307, { location: `http://127.0.0.1:${portB}/landing` }).end();
    else if (request.url === '/around') response.writeHead(302, { location: `http://127.0.0.1:${portB}/back` }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"a"}');
  });
  const b = http.createServer((request, response) => {
    seen.push({ server: 'b', url: request.url!, headers: request.headers });
    if (request.url === '/back') response.writeHead(302, { location: `http://127.0.0.1:${portA}/landing` }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"b"}');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => a.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => b.listen(0, '127.0.0.1', () => resolve()));
    portA = (a.address() as AddressInfo).port;
    portB = (b.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => a.close(() => resolve()));
    await new Promise<void>((resolve) => b.close(() => resolve()));
  });
  const credentials = { authorization: 'Bearer s3cret', cookie: 'sid=abc', 'x-api-key': 'k-123', 'x-auth-token': 't-1', 'proxy-authorization': 'Basic eA==' };
  const send = (path: string) =>
    guardedRequest(
      `http://127.0.0.1:${portA}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-order': '7', ...credentials }, body: '{}', timeoutMs: 10_000 },
      { httpAllow: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] },
    );
  const credentialsOf = (headers: http.IncomingHttpHeaders) => Object.keys(credentials).filter((name) => headers[name] !== undefined);

  it('keeps the credentials on a redirect within the same origin', async () => {
    seen.length = 0;
    expect((await send('/same')).body).toEqual({ at: 'a' });
    expect(seen.map((hit) => [hit.server, hit.url, credentialsOf(hit.headers)])).toEqual([
      ['a', '/same', Object.keys(credentials)],
      ['a', '/landing', Object.keys(credentials)],
    ]);
  });

  it('drops every credential header on a redirect to another host:port, and they stay dropped on the way back', async () => {
    seen.length = 0;
    expect((await send('/away')).body).toEqual({ at: 'b' });
    expect(seen.map((hit) => [hit.server, hit.url, credentialsOf(hit.headers)])).toEqual([
      ['a', '/away', Object.keys(credentials)],
      ['b', '/landing', []],
    ]);
    // The other headers go on (a 307 keeps the method and body).
    expect(seen[1]!.headers).toMatchObject({ 'x-order': '7', 'content-type': 'application/json' });
    seen.length = 0;
    expect((await send('/around')).body).toEqual({ at: 'a' });
    expect(seen.map((hit) => [hit.server, hit.url, credentialsOf(hit.headers)])).toEqual([
      ['a', '/around', Object.keys(credentials)],
      ['b', '/back', []],
      ['a', '/landing', []],
    ]);
  });

  it('names the credential headers by what they carry', () => {
    expect(Object.keys(withoutCredentials({ Authorization: 'x', Cookie: 'x', 'X-Api-Key': 'x', 'X-Session-Id': 'x', 'Api_Key': 'x', Accept: 'x', 'X-Order': 'x' }))).toEqual(['Accept', 'X-Order']);
  });
});
