// The SSRF guard's address check (src/server/workflows/net.ts): every private, loopback, link-local,
// metadata and reserved address is refused, also inside IPv6 forms; public addresses pass.
import { describe, expect, it } from 'vitest';
import { addressProblem, literalProblem, resolveAllowed } from '../../src/server/workflows/net';

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

  it('reads decimal, octal and hex spellings as the address they are', () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f000001/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/']) expect(literalProblem(url), url).not.toBeNull();
    expect(literalProblem('ftp://example.com/')).toBe('only http and https');
  });

  it('refuses a name that resolves to loopback, and passes only the exact allowed host:port', async () => {
    await expect(resolveAllowed('localhost', '80', { httpAllow: [] })).rejects.toThrow(/refused/);
    await expect(resolveAllowed('127.0.0.1', '8080', { httpAllow: ['127.0.0.1:8080'] })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveAllowed('127.0.0.1', '8081', { httpAllow: ['127.0.0.1:8080'] })).rejects.toThrow(/refused/);
  });
});
