// Actions on records (spec section 3 "Action", issue 15 item 3; docs/user-code.md "Actions"):
// POST /v3/system/component/{ref}/action/{name} {items, fields}. The caller needs 'update' (or
// 'edit') on the component, as for saving a record. Every record is read for the caller (another
// project's uuid is a 404), the display condition is checked again on the server for each of them,
// and the action's fields are judged by the same compiled rules as a record form; only then does the
// action code run, once per record in the order given, with `record`, `fields` and `context`.
import type { Kysely } from 'kysely';
import { coerceValue, validateRecord } from '../../../runtime/validation/index';
import type { ActionDefinition } from '../../../schemas/index';
import type { FieldError } from '../../../runtime/api/contract';
import { findRecord } from '../records/sql';
import type { Database } from '../db/schema';
import { nowDate } from '../platform/clock';
import { fieldsNotValid, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { addError, answerRecord, recordTarget, RECORD_MESSAGE, type RecordAnswer, type RecordTarget } from '../records/records';
import { compileFor } from '../records/view';
import { requireProject, type Accountability } from '../auth/tenancy';
import { scriptEnvFor } from '../usercode/env';
import { countScriptCall, projectScope } from '../usercode/rate';
import { runUserCode } from '../usercode/run';
import { callerUser, CALLER_CODE_LIMITS } from './common';

type Db = Kysely<Database>;

export const ACTION_MESSAGE = {
  actionEvaluationError: 'actionEvaluationError',
  actionNotAvailable: 'actionNotAvailable',
} as const;

/** 'Action {name} evaluation error: {message}' (spec section 8), at `field` (items.{i} or display_condition). */
function evaluationError(name: string, field: string, message: string): HttpError {
  return new HttpError(400, ACTION_MESSAGE.actionEvaluationError, [{ field, messages: [ACTION_MESSAGE.actionEvaluationError], values: [{ name, message }] }]);
}

/**
 * The action's field values as its code gets them, or the refusal: a key that is no field 417
 * invalidInput; a field the caller may not see or edit, sent anyway, 403 fieldNotEditable; the
 * runtime's field rules (the form's) 417 fieldsNotValid — "actions cannot run with invalid fields".
 */
export function actionFields(target: RecordTarget, action: ActionDefinition, input: unknown): Record<string, unknown> {
  const given = isPlainObject(input) ? input : {};
  const view = compileFor(target.row, { ...target.settings, fields: action.fields ?? [] }, { ...target.viewer, page: 'model_create' });
  const byKey = new Map(view.fields.map((field) => [field.key, field]));
  const unknown: FieldError[] = [];
  for (const key of Object.keys(given)) if (!byKey.has(key)) addError(unknown, key, RECORD_MESSAGE.invalidInput);
  if (unknown.length > 0) throw fieldsNotValid(unknown);

  const refused: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const locked = new Set<string>();
  for (const field of view.fields) {
    const sent = Object.prototype.hasOwnProperty.call(given, field.key) && given[field.key] !== undefined;
    if (!field.visible || !field.editable) {
      locked.add(field.key);
      if (sent) refused.push({ field: field.key, messages: [RECORD_MESSAGE.fieldNotEditable], values: [null] });
      values[field.key] = field.defaultValue ?? null;
      continue;
    }
    values[field.key] = sent ? coerceValue(field, given[field.key]) : (field.defaultValue ?? null);
  }
  if (refused.length > 0) throw new HttpError(403, RECORD_MESSAGE.fieldNotEditable, refused);
  const errors = validateRecord(view, values, { page: 'model_create', now: nowDate() }).filter((error) => !locked.has(error.field.split('.')[0]!));
  if (errors.length > 0) throw fieldsNotValid(errors);
  return values;
}

export async function runAction(db: Db, callsPerMinute: number, accountability: Accountability, ref: string, name: string, body: unknown, locale: string | undefined) {
  const input = isPlainObject(body) ? body : {};
  const target = await recordTarget(db, accountability, ref, ['update', 'edit'], locale);
  const action = (target.settings.actions ?? []).find((candidate) => candidate.name === name);
  if (!action) throw new HttpError(404, RECORD_MESSAGE.notFound);
  const component = target.row.uuid;
  // One action call counts once against the project's calls per minute, whatever number of records it runs on.
  const projectUuid = requireProject(accountability);
  await countScriptCall(db, [{ scope: projectScope(projectUuid, 'action'), limit: callsPerMinute }]);

  // Each record as the caller may see it; a uuid of another component or project is a 404.
  const uuids = [...new Set((Array.isArray(input.items) ? input.items : []).map((item) => String(item).toLowerCase()))];
  const records: RecordAnswer[] = [];
  for (const uuid of uuids) {
    const row = isUuid(uuid) ? await findRecord(db, target.scope, uuid) : undefined;
    if (!row) throw new HttpError(404, RECORD_MESSAGE.notFound);
    records.push(await answerRecord(db, accountability, target, row));
  }
  const fields = actionFields(target, action, input.fields);
  const context = { env: await scriptEnvFor(db, { projectUuid, env: accountability.env }), user: callerUser(accountability) };
  const failed = (index: number) => (failure: { message: string }) => evaluationError(name, `items.${index}`, failure.message);

  // The display condition again, for every record, before anything runs: all or nothing.
  const condition = action.display_condition?.trim() ?? '';
  if (condition !== '') {
    for (const [index, record] of records.entries()) {
      const { value } = await runUserCode('action-condition', {
        label: `Action ${name} display condition`,
        code: condition,
        args: { record },
        context,
        actingFor: null,
        limits: CALLER_CODE_LIMITS['action-condition'],
        logs: false,
        fail: failed(index),
      });
      if (!value) {
        throw new HttpError(403, ACTION_MESSAGE.actionNotAvailable, [{ field: `items.${index}`, messages: [ACTION_MESSAGE.actionNotAvailable], values: [{ name }] }]);
      }
    }
  }

  // The action, record by record; the first failure stops the rest (earlier records keep their writes).
  const items: { uuid: string; value: unknown }[] = [];
  const code = action.action ?? '';
  for (const [index, record] of records.entries()) {
    const { value } = await runUserCode('action', {
      label: `Action ${name}`,
      code,
      args: { record, fields },
      context,
      actingFor: { db, accountability, component, locale },
      limits: CALLER_CODE_LIMITS.action,
      logs: false,
      fail: failed(index),
    });
    items.push({ uuid: record.uuid, value: value ?? null });
  }
  return { items };
}
