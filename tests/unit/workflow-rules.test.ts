// The node editors' rules (spec section 5, runtime/workflows/rules.ts), both sides of each bound.
import { describe, expect, it } from 'vitest';
import { createNode } from '../../runtime/workflows/constants';
import { graphRuleErrors, jsonProblem, validateConnectionName, validateNode } from '../../runtime/workflows/rules';

const op = (action: string, data: Record<string, unknown>, name = 'ab') => ({ ...createNode('operation', { id: 10_000_001, name, action, x: 0, y: 0 }), data });
const fields = (node: ReturnType<typeof op>) => validateNode(node).map((e) => `${e.field}:${e.messages[0]}`);

describe('workflow node rules', () => {
  it('names: at least 2 characters for operation, condition and switch; each needs none', () => {
    expect(fields(op('expression', { expression: '1' }, 'a'))).toEqual(['name:cantBeLessThenChars']);
    expect(fields(op('expression', { expression: '1' }, 'ab'))).toEqual([]);
    expect(validateNode({ ...createNode('each', { id: 10_000_002, x: 0, y: 0 }), data: { expression: '[]' } })).toEqual([]);
    expect(validateNode({ ...createNode('condition', { id: 10_000_003, name: '', x: 0, y: 0 }), data: {} }).map((e) => e.field)).toEqual(['name', 'data.expression']);
  });

  it('email: to and subject 2..128, cc and bcc optional 2..128, the SMTP block all-or-nothing', () => {
    expect(fields(op('email', { to: 'a@b.c', subject: 'Hi' }))).toEqual([]);
    expect(fields(op('email', { to: 'a', subject: 'x'.repeat(129), cc: 'c' }))).toEqual(['data.to:cantBeLessThenChars', 'data.subject:cantBeMoreThenChars', 'data.cc:cantBeLessThenChars']);
    expect(fields(op('email', { to: 'a@b.c', subject: 'Hi', smtp: { host: 'mail.example.com' } }))).toEqual([
      'data.smtp.username:identityField.requiredField',
      'data.smtp.password:identityField.requiredField',
      'data.smtp.port:identityField.requiredField',
      'data.smtp.email_from:identityField.requiredField',
      'data.smtp.auth_type:identityField.requiredField',
    ]);
  });

  it('push: the target 2..255, title and body 2..128, ttl a positive integer', () => {
    expect(fields(op('push_notification', { value: 'tok', title: 'Hi', body: 'There' }))).toEqual([]);
    expect(fields(op('push_notification', { value: 'x'.repeat(256), title: 'H', body: 'There', ttl: -1 }))).toEqual(['data.value:cantBeMoreThenChars', 'data.title:cantBeLessThenChars', 'data.ttl:invalidInput']);
  });

  it('http: url 2..128, headers and body valid JSON when given', () => {
    expect(fields(op('http_request', { url: 'https://example.com', headers: '{"a":"b"}', postData: '' }))).toEqual([]);
    expect(fields(op('http_request', { url: 'h', headers: '{a:', postData: '[1,' }))).toEqual(['data.url:cantBeLessThenChars', 'data.headers:workflow.invalidJson', 'data.postData:workflow.invalidJson']);
    expect(jsonProblem('{"ok": true}')).toBeNull();
    expect(jsonProblem('', true)).toBe('identityField.requiredField');
    // A quoted run value stands for a value, inside a string or outside one; the JSON around it is still checked.
    expect(jsonProblem('{"total": {{data.total}}, "who": "{{ data.title }}"}')).toBeNull();
    expect(jsonProblem('{"total": {{data.total}}')).toBe('workflow.invalidJson');
  });

  it('Recycle: a timer of 30min, 1h or 1d, and a JSON ruleset', () => {
    const recycle = (data: Record<string, unknown>) => validateNode({ ...createNode('event', { id: 10_000_004, name: 'Recycle', action: 'Recycle', x: 0, y: 0 }), data }).map((e) => e.field);
    expect(recycle({ timer: '1h', expression: '{"status": {"$eq": "draft"}}' })).toEqual([]);
    expect(recycle({ timer: '2h', expression: '{' })).toEqual(['data.timer', 'data.expression']);
  });

  it('switch connection names: required, at least 2', () => {
    expect(validateConnectionName('ok')).toEqual([]);
    expect(validateConnectionName('o').map((e) => e.messages[0])).toEqual(['cantBeLessThenChars']);
    expect(validateConnectionName('').map((e) => e.messages[0])).toEqual(['identityField.requiredField']);
  });

  it('a whole graph: every node at nodes.{id}.{field}; a node added and not yet edited (no data) is checked for its name and action only', () => {
    const added = op('email', {});
    const edited = { ...op('email', { to: 'a@b.c' }), id: 10_000_010 };
    const unnamed = { ...op('http_request', {}, ''), id: 10_000_011 };
    const pick = { ...createNode('switch', { id: 10_000_012, name: 'pick', x: 0, y: 0 }), data: { expression: 'x' } };
    pick.connections = [{ id: 'c1', source: { id: pick.id, position: 'bottom' }, destination: { id: added.id, position: 'top' }, type: 'pass', name: 'z' }];
    expect(graphRuleErrors([added, edited, unnamed, pick]).map((e) => `${e.field}:${e.messages[0]}`)).toEqual([
      'nodes.10000010.data.subject:identityField.requiredField',
      'nodes.10000011.name:identityField.requiredField',
      'nodes.10000012.connections.c1.name:cantBeLessThenChars',
    ]);
  });
});
