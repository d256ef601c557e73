// Issue 34 item 1: the version diff is complete. Applying the diff of A→B to A gives B, for arbitrary
// pairs (independent ones, and B made from A by changes, renames, reorders), and the diff is stable.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyVersionDiff, diffVersions } from '../../runtime/components';
import type { ComponentSettings } from '../../schemas';
import { arbitraryField, arbitrarySettings } from '../../src/testing/index';

/** Settings are stored as JSON: -0 reads back as 0. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const name = fc.stringMatching(/^[a-z]{2,6}$/);
const small = fc.jsonValue({ maxDepth: 2 });
const named = (extra: Record<string, fc.Arbitrary<unknown>>) => fc.uniqueArray(fc.record({ name, ...extra }), { maxLength: 4, selector: (item) => item.name });

const arbitraryFullSettings: fc.Arbitrary<ComponentSettings> = fc
  .record({
    base: arbitrarySettings,
    presets: named({ roles: fc.option(fc.subarray(['a', 'b']), { nil: null }), context: fc.record({ default: fc.boolean(), filters: fc.constant({}), expr: fc.option(fc.constant('x > 1'), { nil: null }) }) }),
    actions: named({ display_condition: fc.option(fc.constant('true'), { nil: null }), fields: fc.constant([]), action: fc.constantFrom('return 1', 'return 2') }),
    functions: named({ expr: fc.constantFrom('a + b', 'a * b', 'return 1') }),
    events: fc.uniqueArray(fc.constantFrom('Before::Create', 'After::Create', 'After::Update', 'Custom::Paid'), { maxLength: 4 }),
    icon: fc.option(fc.constantFrom('box', 'cart'), { nil: null }),
    config: small,
    routes: fc.dictionary(fc.constantFrom('ab', 'cd', 'ef'), fc.record({ code: fc.constantFrom('return 1', 'return 2') })),
  })
  .map(({ base, presets, actions, functions, events, icon, config, routes }) => ({
    ...base,
    presets,
    actions,
    functions,
    model: { ...base.model, events },
    appearance: { ...base.appearance, icon },
    config,
    routes,
  }) as unknown as ComponentSettings);

/** B from A: some fields kept, some redrawn with the same key, one maybe renamed, the lists shuffled. */
const arbitraryDerived = (a: ComponentSettings): fc.Arbitrary<ComponentSettings> =>
  fc
    .record({
      other: arbitraryFullSettings,
      redrawn: fc.tuple(...a.fields.map((field) => fc.option(arbitraryField(field.key), { nil: null, freq: 2 }))),
      keep: fc.subarray(a.fields.map((_, index) => index)),
      rename: fc.boolean(),
      shuffle: fc.boolean(),
      events: fc.subarray(a.model.events),
    })
    .map(({ other, redrawn, keep, rename, shuffle, events }) => {
      let fields = keep.map((index) => redrawn[index] ?? a.fields[index]!);
      if (rename && fields[0]) fields[0] = { ...fields[0], key: `${fields[0].key}_renamed`, name: a.fields[keep[0]!]!.name };
      if (shuffle) fields = [...fields].reverse();
      return { ...a, version: 'v2', fields: [...fields, ...other.fields.filter((field) => !fields.some((f) => f.key === field.key))], model: { ...a.model, events: [...events, ...other.model.events.filter((e) => !events.includes(e))] }, presets: other.presets.concat(a.presets.slice(1)).filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i) } as ComponentSettings;
    });

const arbitraryPair = arbitraryFullSettings.chain((a) => fc.tuple(fc.constant(a), fc.oneof(arbitraryFullSettings.map((b) => ({ ...b, version: 'v2' })), arbitraryDerived(a))));

describe('diffVersions and applyVersionDiff', () => {
  it('applying the diff of A→B to A gives B', () => {
    fc.assert(
      fc.property(arbitraryPair, ([a, b]) => {
        expect(applyVersionDiff(a, diffVersions('c', a, b))).toEqual(asJson(b));
      }),
      { numRuns: 100 },
    );
  });

  it('applying the diff from nothing gives B (a first deploy)', () => {
    fc.assert(
      fc.property(arbitraryFullSettings, (b) => {
        expect(applyVersionDiff(null, diffVersions('c', null, b))).toEqual(asJson(b));
      }),
      { numRuns: 50 },
    );
  });

  it('is deterministic and empty between a version and itself', () => {
    fc.assert(
      fc.property(arbitraryPair, ([a, b]) => {
        expect(JSON.stringify(diffVersions('c', a, b))).toBe(JSON.stringify(diffVersions('c', structuredClone(a), structuredClone(b))));
        expect(Object.values(diffVersions('c', a, { ...a }).summary).every((count) => count === 0)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
