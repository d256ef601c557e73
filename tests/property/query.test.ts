// runtime/query properties: parsing never throws on arbitrary JSON, and a parsed query names only
// the paths the view allows (visible, non-hashed fields, their locale paths, system columns).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileViewSchema } from '../../runtime/compile';
import { parseAdv, parseAggregate, parseListParams, pathsOf, PathCatalogue, SYSTEM_COLUMNS, type QueryPath } from '../../runtime/query';
import { arbitraryCompileInput, arbitrarySettings } from '../../src/testing/index';
import { sampleView } from '../unit/query/fixtures';

const view = sampleView();
const keys = ['title', 'price', 'secret', 'password', 'name', 'name.locales.sr', 'name.locales.en_US', 'uuid', 'created_at', 'nope', "title'--", '$where', '__proto__'];
const key = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 }));
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const ops = fc.dictionary(fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$where', '$x'), fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })), { maxKeys: 3 });
const filter: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.dictionary(key, fc.oneof(scalar, ops), { maxKeys: 3 }),
    fc.record({ $and: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ $or: fc.array(tie('node'), { maxLength: 3 }) }),
  ),
})).node;

function allowed(path: QueryPath, catalogueView = view): boolean {
  if (path.source === 'column') return (SYSTEM_COLUMNS as readonly string[]).includes(path.column);
  const field = catalogueView.fields.find((candidate) => candidate.key === path.key);
  if (!field || !field.visible || field.hashed) return false;
  if (path.source === 'data') return path.path === field.key;
  if (path.source === 'range') return field.renderer === 'picker/daterange' && !field.options.multiple;
  return field.type === 'text_i18n' || field.type === 'editor_i18n';
}

describe('runtime/query properties', () => {
  it('parseListParams never throws on arbitrary input and references only allowed paths', () => {
    fc.assert(
      fc.property(
        fc.record({
          offset: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
          limit: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
          sortBy: key,
          sortDesc: fc.constantFrom('1', '-1', 'x'),
          filter: fc.string({ maxLength: 6 }),
          filterOn: fc.array(key, { maxLength: 3 }).map((list) => list.join(',')),
          dateField: key,
          dateFrom: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('2024-01-01')),
          $adv: fc.oneof(filter.map((value) => JSON.stringify(value)), fc.string({ maxLength: 20 }), filter),
          $aggregate: fc.oneof(fc.anything(), fc.constant(undefined)),
        }, { requiredKeys: [] }),
        (query) => {
          const parsed = parseListParams(query, view);
          if (parsed.ok) {
            for (const path of pathsOf(parsed.value)) expect(allowed(path), JSON.stringify(path)).toBe(true);
            expect(parsed.value.offset + Math.min(parsed.value.limit, 5000)).toBeLessThanOrEqual(Math.max(5000, parsed.value.offset));
          } else {
            expect([400, 403]).toContain(parsed.refusal.status);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('parseAdv and parseAggregate never throw on arbitrary JSON', () => {
    const paths = new PathCatalogue(view);
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), filter, fc.json()), (value) => {
        expect(() => parseAdv(value, paths)).not.toThrow();
        expect(() => parseAggregate(value, paths)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });

  it('for any compiled view, what parses is allowed by that view', () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, filter, (settings, input, adv) => {
        const compiled = compileViewSchema(settings, input);
        const fieldKeys = compiled.fields.map((field) => field.key);
        const query = { sortBy: fieldKeys[0] ?? 'uuid', filterOn: fieldKeys.join(','), filter: 'x', $adv: JSON.stringify(adv) };
        const parsed = parseListParams(query, compiled);
        if (parsed.ok) for (const path of pathsOf(parsed.value)) expect(allowed(path, compiled)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
