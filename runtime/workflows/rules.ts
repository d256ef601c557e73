// The node editors' field rules (spec section 5, "Workflow rules"), framework-free: the editor shows
// them per field and refuses to close while any is broken ('Some fields are not valid!'), and the
// server checks every node of a graph with them on each save (graphRuleErrors).
import type { FieldError } from '../api/contract';
import type { WorkflowNode } from '../../schemas/workflow.schema';
import { RECYCLE_TIMERS } from './constants';
import { withPlaceholders } from './template';

const REQUIRED = 'identityField.requiredField';
const TOO_SHORT = 'cantBeLessThenChars';
const TOO_LONG = 'cantBeMoreThenChars';
const INVALID_JSON = 'workflow.invalidJson';
const INVALID = 'invalidInput';

type Errors = FieldError[];

function add(errors: Errors, field: string, message: string, values: Record<string, string | number> | null = null): void {
  errors.push({ field, messages: [message], values: [values] });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** A text within min..max characters; `required` false lets an empty value pass. */
function bounded(errors: Errors, field: string, value: unknown, min: number, max: number, required: boolean): void {
  const length = text(value).trim().length;
  if (length === 0) {
    if (required) add(errors, field, REQUIRED);
    return;
  }
  if (length < min) add(errors, field, TOO_SHORT, { min });
  else if (length > max) add(errors, field, TOO_LONG, { max });
}

/** JSON text (or an object already parsed); empty passes unless required. Quoted run values count as a value (`{"total": {{data.total}}}`). */
export function jsonProblem(value: unknown, required = false): string | null {
  if (value !== null && typeof value === 'object') return null;
  const source = text(value).trim();
  if (source === '') return required ? REQUIRED : null;
  try {
    JSON.parse(withPlaceholders(source));
    return null;
  } catch {
    return INVALID_JSON;
  }
}

function json(errors: Errors, field: string, value: unknown, required = false): void {
  const problem = jsonProblem(value, required);
  if (problem) add(errors, field, problem);
}

const NAMED = new Set(['operation', 'condition', 'switch']);

export function validateNode(node: WorkflowNode): FieldError[] {
  const errors: Errors = [];
  const data = node.data ?? {};
  if (NAMED.has(node.type)) bounded(errors, 'name', node.name, 2, 128, true);
  if (node.type === 'event') {
    bounded(errors, 'action', node.action, 1, 128, true);
    if (node.action === 'Recycle') {
      if (!Object.prototype.hasOwnProperty.call(RECYCLE_TIMERS, text(data.timer))) add(errors, 'data.timer', REQUIRED);
      json(errors, 'data.expression', data.expression);
    }
    return errors;
  }
  if (node.type === 'condition' || node.type === 'switch' || node.type === 'each') {
    bounded(errors, 'data.expression', data.expression, 1, 100_000, true);
    return errors;
  }
  switch (node.action) {
    case 'email': {
      bounded(errors, 'data.to', data.to, 2, 128, true);
      bounded(errors, 'data.subject', data.subject, 2, 128, true);
      bounded(errors, 'data.cc', data.cc, 2, 128, false);
      bounded(errors, 'data.bcc', data.bcc, 2, 128, false);
      const attachments = Array.isArray(data.attachments) ? (data.attachments as Record<string, unknown>[]) : [];
      attachments.forEach((attachment, index) => {
        bounded(errors, `data.attachments.${index}.name`, attachment?.name, 1, 128, true);
        bounded(errors, `data.attachments.${index}.value`, attachment?.value, 1, 512 * 1024, true);
      });
      const smtp = (data.smtp ?? {}) as Record<string, unknown>;
      // An empty SMTP block means the server's mail settings; once any part is filled, all are needed.
      if (['username', 'password', 'port', 'host', 'email_from'].some((key) => text(smtp[key]).trim() !== '')) {
        for (const key of ['username', 'password', 'port', 'host', 'email_from']) bounded(errors, `data.smtp.${key}`, smtp[key], key === 'port' ? 1 : 2, 128, true);
        if (smtp.auth_type !== 'plain' && smtp.auth_type !== 'crammd5') add(errors, 'data.smtp.auth_type', REQUIRED);
      }
      break;
    }
    case 'push_notification':
      bounded(errors, 'data.value', data.value, 2, 255, true);
      bounded(errors, 'data.title', data.title, 2, 128, true);
      bounded(errors, 'data.body', data.body, 2, 128, true);
      for (const key of ['icon', 'image', 'sound', 'color', 'badge', 'tag', 'click_action']) bounded(errors, `data.${key}`, data[key], 2, 128, false);
      if (data.ttl !== undefined && data.ttl !== '' && !(Number.isInteger(Number(data.ttl)) && Number(data.ttl) > 0)) add(errors, 'data.ttl', INVALID);
      break;
    case 'http_request':
      bounded(errors, 'data.url', data.url, 2, 128, true);
      json(errors, 'data.headers', data.headers);
      json(errors, 'data.postData', data.postData);
      break;
    case 'expression':
      bounded(errors, 'data.expression', data.expression, 1, 100_000, true);
      break;
    case 'component':
      bounded(errors, 'data.component_ref', data.component_ref, 1, 300, true);
      bounded(errors, 'data.expression', data.expression, 1, 100_000, true);
      break;
    case 'spark':
      bounded(errors, 'data.spark_name', data.spark_name, 2, 128, true);
      break;
    case 'platform_notification':
      bounded(errors, 'data.notification', data.notification, 1, 2000, true);
      break;
    default:
      add(errors, 'action', REQUIRED);
  }
  return errors;
}

/** A switch connection's name: required, at least 2 characters (spaces already underscores). */
export function validateConnectionName(name: string): FieldError[] {
  const errors: Errors = [];
  bounded(errors, 'name', name, 2, 128, true);
  return errors;
}

const isEmpty = (data: unknown): boolean => data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0);

/**
 * Every node's rules over a whole graph, as a save checks them: each error at `nodes.{id}.{field}`
 * (a switch connection's name at `nodes.{id}.connections.{connection id}.name`). A node whose data is
 * still empty was added and never edited (the canvas saves after each add, spec section 4, and the
 * editor cannot close on invalid fields): only its name and action are checked until it has data.
 */
export function graphRuleErrors(nodes: readonly WorkflowNode[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const node of nodes) {
    const draft = isEmpty(node.data);
    for (const error of validateNode(node)) if (!draft || !error.field.startsWith('data.')) errors.push({ ...error, field: `nodes.${node.id}.${error.field}` });
    if (node.type !== 'switch') continue;
    for (const connection of node.connections) {
      for (const error of validateConnectionName(connection.name)) errors.push({ ...error, field: `nodes.${node.id}.connections.${connection.id}.${error.field}` });
    }
  }
  return errors;
}
