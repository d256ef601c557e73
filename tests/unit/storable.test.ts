// runtime/api/storable: text PostgreSQL cannot store (docs/security.md "NUL bytes").
import { describe, expect, it } from 'vitest';
import { parseStorableJson, unstorableAt, unstorableText } from '../../runtime/api/storable';
import { parseAdv, PathCatalogue } from '../../runtime/query';
import { sampleView } from './query/fixtures';

describe('storable text', () => {
  it('refuses NUL and lone surrogates, accepts any other text', () => {
    expect(unstorableText('a\u0000b')).toBe(true);
    expect(unstorableText('\ud800')).toBe(true);
    expect(unstorableText('x\udc00')).toBe(true);
    expect(unstorableText('😀 emoji pair')).toBe(false);
    expect(unstorableText('\\u0000 as six characters')).toBe(false);
    expect(unstorableText('tab\tnewline\n\u0001')).toBe(false);
  });

  it('checks every key and string of JSON text', () => {
    expect(parseStorableJson('{"a":["x","y\\u0000"]}').unstorable).toBe(true);
    expect(parseStorableJson('{"k\\u0000":1}').unstorable).toBe(true);
    expect(parseStorableJson('{"a":"\\ud800"}').unstorable).toBe(true);
    expect(parseStorableJson('{"a":"\\\\u0000"}')).toEqual({ value: { a: '\\u0000' }, unstorable: false });
    // Without escapes (the plain parse): the same values; raw unstorable text (not escaped in the JSON) still found; bad JSON still throws.
    expect(parseStorableJson('{"amount":{"$gte":100,"$lt":200},"t":["😀",null,true]}')).toEqual({ value: { amount: { $gte: 100, $lt: 200 }, t: ['😀', null, true] }, unstorable: false });
    expect(parseStorableJson('{"a":"\ud800"}').unstorable).toBe(true);
    expect(parseStorableJson('{"\udc00":1}').unstorable).toBe(true);
    expect(() => parseStorableJson('{"a":"x\u0000"}')).toThrow(SyntaxError);
    expect(() => parseStorableJson('{"a":')).toThrow(SyntaxError);
  });

  it('finds where in a value the first unstorable part is, and refuses nesting or size past the limits at the root', () => {
    expect(unstorableAt({ data: { title: 'ok', tags: ['a', 'b\u0000'] } }, 'body')).toBe('body.data.tags.1');
    expect(unstorableAt({ 'k\u0000': 1 }, 'body')).toBe('body.k\uFFFD');
    expect(unstorableAt({ n: Number.POSITIVE_INFINITY }, 'schema')).toBe('schema.n');
    expect(unstorableAt({ fine: [1, 'two', null, true] }, 'body')).toBeNull();
    const deep = JSON.parse('['.repeat(10) + ']'.repeat(10));
    expect(unstorableAt(deep, 'schema', { depth: 5, nodes: 100 })).toBe('schema');
    expect(unstorableAt(deep, 'schema', { depth: 10, nodes: 100 })).toBeNull();
    expect(unstorableAt([1, 2, 3], 'body', { depth: 5, nodes: 3 })).toBe('body');
  });

  it('an $adv with a NUL is a refusal on $adv, never a condition', () => {
    const paths = new PathCatalogue(sampleView());
    expect(parseAdv(JSON.stringify({ title: 'a' }), paths).ok).toBe(true);
    const parsed = parseAdv(JSON.stringify({ title: 'a\u0000' }), paths);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.refusal.errors?.map((error) => error.field)).toEqual(['$adv']);
  });
});
