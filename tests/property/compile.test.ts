import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileViewSchema, viewSchemaValidator } from '../../runtime/compile';
import { FIELD_TYPES, isFieldModule, isKnownFieldPair } from '../../schemas';
import { arbitraryCompileInput, arbitrarySettings } from '../../src/testing/index';

describe('compileViewSchema properties', () => {
  it('is deterministic (same input twice gives deep-equal output) and does not mutate its input', () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, (settings, input) => {
        const before = structuredClone(settings);
        const inputBefore = structuredClone(input);
        const first = compileViewSchema(settings, input);
        const second = compileViewSchema(settings, input);
        expect(second).toEqual(first);
        expect(settings).toEqual(before);
        expect(input).toEqual(inputBefore);
      }),
      { numRuns: 150 },
    );
  });

  it('every compiled field renderer is `${module}/${type}` of a known pair', () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, (settings, input) => {
        for (const field of compileViewSchema(settings, input).fields) {
          expect(field.renderer).toBe(`${field.module}/${field.type}`);
          expect(isKnownFieldPair(field.module, field.type)).toBe(true);
          expect(isFieldModule(field.module) && (FIELD_TYPES[field.module] as readonly string[]).includes(field.type)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the output validates against viewSchemaSchema', () => {
    const validate = viewSchemaValidator();
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, (settings, input) => {
        const view = compileViewSchema(settings, input);
        expect(validate(view), JSON.stringify(validate.errors)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("groups start with 'general' and are unique; column keys are unique; admins see every field", () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, (settings, input) => {
        const view = compileViewSchema(settings, input);
        expect(view.groups[0]?.id).toBe('general');
        expect(new Set(view.groups.map((g) => g.id)).size).toBe(view.groups.length);
        expect(new Set(view.columns.map((c) => c.key)).size).toBe(view.columns.length);
        for (const field of view.fields) expect(view.groups.some((g) => g.id === field.group)).toBe(true);
        if (input.isAdmin) expect(view.fields.every((f) => f.visible)).toBe(true);
      }),
    );
  });

  it('number selectables have unique items sorted ascending', () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, (settings, input) => {
        for (const field of compileViewSchema(settings, input).fields) {
          const values = field.options.items.map((i) => i.value);
          expect(new Set(values).size).toBe(values.length);
          if (field.type === 'number' && field.module !== 'input') {
            const numbers = values.filter((v): v is number => typeof v === 'number');
            expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
          }
        }
      }),
    );
  });
});
