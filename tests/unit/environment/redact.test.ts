// What a workflow run shows of a secret (src/server/usercode/env.ts): every occurrence in every
// string of the results is masked, in a copy; short secrets are not looked for.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/server/usercode/env';

describe('redactSecrets', () => {
  it('masks every occurrence at any depth, longest secret first, and leaves the original untouched', () => {
    const results = [{ id: 1, State: { Results: { token: 'abcd1234', header: 'Bearer abcd1234; again abcd1234', n: 4, list: ['xabcd1234y', null] } }, error: 'failed with abcd12345678' }];
    const original = structuredClone(results);
    const clean = redactSecrets(results, ['abcd12345678', 'abcd1234'], '***');
    expect(clean).toEqual([{ id: 1, State: { Results: { token: '***', header: 'Bearer ***; again ***', n: 4, list: ['x***y', null] } }, error: 'failed with ***' }]);
    expect(results).toEqual(original);
  });

  it('answers the value itself when there is nothing to mask, and keeps a __proto__ key an own key', () => {
    const value = { a: 'x' };
    expect(redactSecrets(value, [], '***')).toBe(value);
    const hostile = JSON.parse('{"__proto__": "abcd1234", "b": 1}') as Record<string, unknown>;
    const clean = redactSecrets(hostile, ['abcd1234'], '***') as Record<string, unknown>;
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(clean, '__proto__')?.value).toBe('***');
  });
});
