// The rules of a global variable and of var:NAME field entries (runtime/environment), shared by the
// screen and the server.
import { describe, expect, it } from 'vitest';
import { compileFieldVariables, fieldScriptContext, resolveFieldVariables } from '../../../runtime/environment/fieldVariables';
import { VARIABLE_LIMITS, variableErrors, variableNameProblem, variableValueProblem } from '../../../runtime/environment/rules';

describe('variable rules', () => {
  it('a name is an identifier of at most 64 characters and not an object\'s machinery', () => {
    for (const good of ['A', '_x', 'API_BASE', 'a1', 'N'.repeat(64)]) expect(variableNameProblem(good), good).toBeNull();
    expect(variableNameProblem('')?.message).toBe('identityField.requiredField');
    expect(variableNameProblem('N'.repeat(65))).toEqual({ message: 'cantBeMoreThenChars', values: { max: 64 } });
    for (const bad of ['1A', 'a-b', 'a b', 'a.b', 'Ä', 'a\u0000', 7]) expect(variableNameProblem(bad)?.message, String(bad)).toBe('variableNameInvalid');
    for (const reserved of ['__proto__', 'constructor', 'prototype']) expect(variableNameProblem(reserved)?.message).toBe('variableNameReserved');
  });

  it('a value is text of at most 8192 characters without NUL; empty text is a value', () => {
    expect(variableValueProblem('')).toBeNull();
    expect(variableValueProblem('line\nline')).toBeNull();
    expect(variableValueProblem('x'.repeat(VARIABLE_LIMITS.valueMax))).toBeNull();
    expect(variableValueProblem('x'.repeat(VARIABLE_LIMITS.valueMax + 1))).toEqual({ message: 'cantBeMoreThenChars', values: { max: 8192 } });
    expect(variableValueProblem('a\u0000b')?.message).toBe('invalid');
    expect(variableValueProblem(undefined)?.message).toBe('identityField.requiredField');
  });

  it('an update checks only what it gives; a secret made plain needs a new value', () => {
    expect(variableErrors({}, { partial: true })).toEqual([]);
    expect(variableErrors({}, { partial: false }).map((e) => e.field)).toEqual(['name', 'value']);
    expect(variableErrors({ secret: false }, { partial: true, wasSecret: true })).toEqual([{ field: 'value', messages: ['variableSecretNeedsValue'] }]);
    expect(variableErrors({ secret: false, value: 'x' }, { partial: true, wasSecret: true })).toEqual([]);
  });
});

describe('var:NAME field entries', () => {
  it('compile to the valid names with their values as fallbacks (last wins, others ignored)', () => {
    const compiled = compileFieldVariables([
      { key: 'var:A', value: '1' },
      { key: 'var: B ', value: '2' },
      { key: 'var:A', value: '3' },
      { key: 'var:__proto__', value: 'x' },
      { key: 'var:1bad', value: 'x' },
      { key: 'filter:status', value: 'x' },
      { key: 'VAR:C', value: 'x' },
      null,
    ]);
    expect(compiled).toEqual([
      { name: 'A', fallback: '3' },
      { name: 'B', fallback: '2' },
    ]);
    expect(compileFieldVariables(undefined)).toEqual([]);
  });

  it('resolve against the env by own properties only, never the prototype', () => {
    const variables = [
      { name: 'A', fallback: 'fa' },
      { name: 'toString', fallback: 'ft' },
    ];
    expect(resolveFieldVariables(variables, { A: 'env-a' })).toEqual({ A: 'env-a', toString: 'ft' });
    expect(resolveFieldVariables(variables, undefined)).toEqual({ A: 'fa', toString: 'ft' });
    expect(fieldScriptContext({ page: 'model_edit', env: { A: 'x' } }, variables)).toEqual({ page: 'model_edit', env: { A: 'x' }, vars: { A: 'x', toString: 'ft' } });
    expect(fieldScriptContext({}, undefined)).toEqual({ env: {}, vars: {} });
  });
});
