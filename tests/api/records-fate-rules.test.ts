// Issue 34 item 2: the records' fate counts in SQL what the runtime refuses. For each kind of field the
// fate judges (src/server/records/fate-sql.ts), values stored as records (a table of hard cases and
// fast-check's, read back as stored) are judged by validateField and by the SQL predicates: a value
// fails a predicate iff validateField refuses it, with the same message, on both databases; `lost`
// iff a number field coerces a value that is there to nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { compileViewSchema } from '../../runtime/compile';
import { defaultSettings, normaliseField } from '../../runtime/components';
import { coerceValue, validateField } from '../../runtime/validation';
import type { ViewField } from '../../schemas';
import type { FateRule } from '../../runtime/api/components';
import { fieldChecks } from '../../src/server/records/fate-sql';
import { sqlPattern } from '../../src/server/records/fate-regex';
import { toJson } from '../../src/server/db/json';
import { createProject, insertComponentRow } from './fixtures';
import { createScratchDatabase, DB_KIND, describeApi, SETUP_TIMEOUT_MS, type ScratchDatabase } from './harness';

function viewField(definition: Record<string, unknown>): ViewField {
  const field = normaliseField({ name: 'F', key: 'f', auto_key: false, ...definition } as never);
  const settings = { ...defaultSettings('v1'), fields: [field] };
  const view = compileViewSchema(settings, { component: { uuid: crypto.randomUUID(), ref: 'x', name: 'x', label: {} }, locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' });
  return view.fields[0]!;
}

/** The field kinds the fate judges, with rules of every kind each supports. */
const FIELDS: Record<string, Record<string, unknown>> = {
  'text: required, length, words, regex': { module: 'input', type: 'text', constraints: { required: true, length: { min: 3, max: 8 }, not_allowed_words: 'x, ;', regex: '^[a-z0-9 ]*$' } },
  'text: a regex with classes and a dot': { module: 'input', type: 'text', constraints: { length: { min: null, max: null }, regex: '^\\d{2}\\.\\s?[A-Z]|^(?:ab|c.)+$' } },
  'textarea: length': { module: 'text', type: 'default', constraints: { length: { min: 2, max: 5 } } },
  'email, required': { module: 'input', type: 'email', constraints: { required: true } },
  time: { module: 'picker', type: 'time', constraints: {} },
  'number: required, min, max': { module: 'input', type: 'number', constraints: { required: true, min: -5, max: 10 } },
  'select text': { module: 'select', type: 'text', constraints: { required: true, selectables: { items: ['a', 'b c'] } } },
  'select number': { module: 'select', type: 'number', constraints: { selectables: { items: [1, 2.5] } } },
  'radio number, required': { module: 'radio', type: 'number', constraints: { required: true, selectables: { items: [0, 3] } } },
  'checkbox, required': { module: 'checkbox', type: 'bool', constraints: { required: true } },
};

const HARD: unknown[] = [
  undefined, null, true, false, 0, -0, 1, 2.5, -6, 11, 10, -5, 3, [], [1], ['a'], {}, { a: 1 },
  '', ' ', '\u00a0', '\ufeff\t', 'true', 'false', ' true', '0x1A', '0b11', '-0x1', '1e5', ' 12 ', '5.', '.5', '+.5', '-', 'Infinity', '1e999', '1e-999', '2.5', ' 2.5\n',
  'abc', 'ab', 'abcdefghi', 'abc def', 'xyz', 'a;b', 'ABC', 'a@b.co', ' a@b.co ', 'a@b', '12:30', '23:59:59', '24:00', '1:30', '12. Ab', '12.Ab', 'abab', 'cx\n', 'c\n', 'b c', 'a ', 'é😀é',
];
const unit = fc.constantFrom('a', 'b', 'c', 'x', 'A', '1', '2', '.', ' ', '\t', '\n', '\u00a0', ';', '@', ':', '-', 'é', 'e', '+');
const arbitraryValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit, maxLength: 10 }),
  fc.integer({ min: -40, max: 40 }).map((n) => n / 4),
  fc.constantFrom(...HARD),
  fc.array(fc.constantFrom('a', 1, 'b c'), { maxLength: 2 }),
);

/** A message key as the fate's rules name it (one rule may say two keys, one key stand for two rules). */
const MESSAGE_RULE: Record<string, string> = {
  'identityField.requiredField': 'required',
  invalidInput: 'invalid',
  cantBeMoreThenChars: 'maxLength',
  cantBeLessThenChars: 'minLength',
  wordNotAllowed: 'notAllowedWords',
  symbolNotAllowed: 'notAllowedWords',
  invalidEmail: 'email',
  cantBeMoreThen: 'max',
  cantBeLessThen: 'min',
  invalidSelection: 'oneOf',
  invalidNumber: 'oneOf',
};
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
const RULE_NAME: Partial<Record<FateRule, string>> = { type: 'invalid', regex: 'invalid', time: 'invalid' };

describeApi(`the records' fate rules agree with validateField (${DB_KIND})`, () => {
  let scratch: ScratchDatabase;
  let projectUuid = '';
  let componentUuid = '';
  const db = () => scratch.database.db;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    projectUuid = (await createProject(db(), 'Fate rules')).projectUuid;
    componentUuid = await insertComponentRow(db(), projectUuid, { name: 'rules' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => scratch?.drop());

  /** Stores the values as records (undefined: the key left out) and answers, per record, its data and the rules the SQL says it breaks. */
  async function judged(field: ViewField, values: unknown[]) {
    await db().deleteFrom('records').where('component_uuid', '=', componentUuid).execute();
    const rows = values.map((value) => ({ uuid: crypto.randomUUID(), project_uuid: projectUuid, component_uuid: componentUuid, env: 'live' as const, data: toJson(value === undefined ? {} : { f: value }) }));
    await db().insertInto('records').values(rows).execute();
    const checks = fieldChecks('f', field);
    expect(checks, 'the field is judged in SQL').not.toBeNull();
    const flags = checks!.map((check, index) => sql`, coalesce(${check.predicate}, false) as ${sql.raw(`c${index}`)}`);
    const result = await sql<Record<string, unknown>>`select data ${sql.join(flags, sql` `)} from records where component_uuid = ${componentUuid}`.execute(db());
    return result.rows.map((row) => ({
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
      rules: checks!.filter((_, index) => row[`c${index}`] === true).map((check) => RULE_NAME[check.rule] ?? check.rule),
    }));
  }

  for (const [label, definition] of Object.entries(FIELDS)) {
    it(label, async () => {
      const field = viewField(definition);
      const values = [...HARD, ...fc.sample(arbitraryValue, { numRuns: 150, seed: 34 })];
      for (const { data, rules } of await judged(field, values)) {
        const messages = validateField(field, data.f, { page: 'model_edit', now: new Date(0) });
        const expected = [...new Set(messages.map((message) => MESSAGE_RULE[message.key] ?? message.key))];
        // Not a refusal: a number field's value that is there but coerces to nothing.
        if (field.renderer === 'input/number' && !isBlank(data.f) && coerceValue(field, data.f) === null) expected.push('lost');
        expect([...new Set(rules)].sort(), `${label}: ${JSON.stringify(data.f)}`).toEqual(expected.sort());
      }
    });
  }

  it('translates regexes it can say alike, and no others', async () => {
    const same = ['^[a-z]+$', '\\d{2,3}', '^\\w+@\\w+\\.com$', '[^\\s]', 'a.c', '(?:x|y)z?', 'a(?!b)', '^\\$\\(\\)', '[\\d.-]', '\\u00e9'];
    for (const pattern of same) {
      const translated = sqlPattern(pattern);
      expect(translated, pattern).not.toBeNull();
      for (const text of ['abc', 'a1', '12', '123', 'x@y.com', 'a\nc', 'abc ', 'xz', 'ac', '$()', '-', 'é', ' ']) {
        const row = await sql<{ hit: boolean }>`select ${text} ~ ${translated} as hit`.execute(db());
        expect(row.rows[0]!.hit, `${pattern} on ${JSON.stringify(text)}`).toBe(new RegExp(pattern).test(text));
      }
    }
    for (const pattern of ['\\bword\\b', '(?<=a)b', '(a)\\1', '\\p{L}', 'a{', '[]', '[^]', '[[:alpha:]]', 'a{300}', '[\\s-x]', '(?<name>a)', '\\x41']) {
      expect(sqlPattern(pattern), pattern).toBeNull();
    }
  });
});
