import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVIRONMENT, HOST_PREFIX, HOST_TIMEOUT_MS } from '../../runtime/api/contract';

describe('the wire contract', () => {
  it('uses the request timeouts of spec section 9', () => {
    expect(HOST_TIMEOUT_MS).toMatchObject({
      main: 30_000,
      workflow: 30_000,
      media: 30_000,
      integration: 30_000,
      sandbox: 30_000,
      transaction: 10_000,
      ratchet: 15_000,
    });
  });

  it('puts every host under /api, with the main host at /api itself', () => {
    expect(HOST_PREFIX.main).toBe('/api');
    for (const [host, prefix] of Object.entries(HOST_PREFIX)) {
      if (host !== 'main') expect(prefix).toBe(`/api/${host}`);
    }
  });

  it('defaults the environment to live', () => {
    expect(DEFAULT_ENVIRONMENT).toBe('live');
  });
});
