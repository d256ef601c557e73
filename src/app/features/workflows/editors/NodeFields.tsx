// The node editor's fields by node type (spec section 5): an event's name, pause and Recycle timer;
// the script of a condition, switch or each (and a condition's refusal message); an operation's fields
// by its action (e-mail in EmailFields.tsx).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PUSH_TTL_DEFAULT, RECYCLE_TIMERS, WORKFLOW_EVENTS } from '../../../../../runtime/workflows/constants';
import { SparkNamePicker } from '../../sparks/SparkNamePicker';
import { EmailFields } from './EmailFields';
import { CodeField, FieldErrors, SelectField, str, TextField } from './fields';
import type { NodeDraft } from './useNodeDraft';

/** The Recycle timers, after an empty choice (none yet). */
const TIMERS = [['', ''], ...Object.keys(RECYCLE_TIMERS).map((timer) => [timer, timer] as const)] as const;
const PUSH_MODES = [['token', 'token'], ['condition', 'condition'], ['topic', 'topic']] as const;

type TextExtra = { type?: string; hint?: ReactNode; multiline?: boolean };

/** What every group of fields works with: the draft, and a text or code field bound to a data key. */
export interface FieldKit {
  draft: NodeDraft;
  readOnly: boolean;
  t(id: string): string;
  text(key: string, label: string, extra?: TextExtra): ReactNode;
  code(key: string, label: string, language: 'json' | 'javascript', hint?: ReactNode): ReactNode;
}

function useFieldKit(draft: NodeDraft, readOnly: boolean): FieldKit {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data, shown, setData } = draft;
  return {
    draft,
    readOnly,
    t,
    text: (key, label, extra = {}) => (
      <TextField key={key} label={t(label)} value={data[key]} onChange={(v) => setData(key, v)} errors={shown(`data.${key}`)} readOnly={readOnly} testId={`node-${key}`} {...extra} />
    ),
    code: (key, label, language, hint) => (
      <CodeField key={key} label={t(label)} value={data[key]} onChange={(v) => setData(key, v)} errors={shown(`data.${key}`)} readOnly={readOnly} testId={`node-${key}`} language={language} hint={hint} />
    ),
  };
}

export function NodeFields({ draft, readOnly }: { draft: NodeDraft; readOnly: boolean }) {
  const kit = useFieldKit(draft, readOnly);
  const type = draft.draft.type;
  if (type === 'event') return <EventFields kit={kit} />;
  if (type === 'condition' || type === 'switch' || type === 'each') {
    return (
      <>
        {kit.code('expression', `workflow.editor.expression.${type}`, 'javascript')}
        {type === 'condition' ? kit.text('message', 'workflow.editor.refusal', { hint: <FormattedMessage id="workflow.editor.refusalHint" /> }) : null}
      </>
    );
  }
  return <OperationFields kit={kit} />;
}

function EventFields({ kit }: { kit: FieldKit }) {
  const { draft: node, readOnly } = kit;
  const { draft, setDraft, data, shown, setData } = node;
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor="wf-node-event">
          <FormattedMessage id="workflow.editor.event" />
        </label>
        <input id="wf-node-event" data-testid="node-event" list="wf-events" value={draft.action} disabled={readOnly} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        <datalist id="wf-events">
          {WORKFLOW_EVENTS.map((event) => (
            <option key={event} value={event} />
          ))}
        </datalist>
        <FieldErrors messages={shown('action')} />
      </div>
      <label className="field-check">
        <input type="checkbox" data-testid="node-paused" checked={draft.paused} disabled={readOnly} onChange={(e) => setDraft({ ...draft, paused: e.target.checked })} />
        <FormattedMessage id="workflow.editor.paused" />
      </label>
      {draft.action === 'Recycle' ? (
        <>
          <SelectField id="wf-node-timer" testId="node-timer" label="workflow.editor.timer" value={str(data.timer)} options={TIMERS} onChange={(v) => setData('timer', v)} readOnly={readOnly} errors={shown('data.timer')} />
          {kit.code('expression', 'workflow.editor.ruleset', 'json', <FormattedMessage id="workflow.editor.rulesetHint" />)}
        </>
      ) : null}
    </>
  );
}

function OperationFields({ kit }: { kit: FieldKit }) {
  const { text, code, readOnly } = kit;
  const { draft, data, setData } = kit.draft;
  const placeholderHint = <FormattedMessage id="workflow.editor.placeholders" />;
  switch (draft.action) {
    case 'email':
      return <EmailFields kit={kit} placeholderHint={placeholderHint} />;
    case 'http_request':
      return (
        <>
          {text('url', 'workflow.editor.url', { hint: placeholderHint })}
          {code('headers', 'workflow.editor.headers', 'json')}
          {code('postData', 'workflow.editor.postData', 'json')}
        </>
      );
    case 'push_notification':
      return (
        <>
          <SelectField id="wf-node-mode" label="workflow.editor.pushMode" value={str(data.fcmToken) || 'token'} options={PUSH_MODES} onChange={(v) => setData('fcmToken', v)} readOnly={readOnly} />
          {text('value', 'workflow.editor.pushValue')}
          {text('title', 'workflow.editor.pushTitle')}
          {text('body', 'workflow.editor.body')}
          {text('ttl', 'workflow.editor.ttl', { type: 'number', hint: String(PUSH_TTL_DEFAULT) })}
        </>
      );
    case 'component':
      return (
        <>
          {text('component_ref', 'workflow.editor.component')}
          {code('expression', 'workflow.editor.expression.component', 'javascript')}
        </>
      );
    case 'spark':
      return (
        <>
          {text('spark_name', 'workflow.editor.sparkName')}
          <SparkNamePicker value={data.spark_name} onPick={(name) => setData('spark_name', name)} disabled={readOnly} />
          {code('expression', 'workflow.editor.expression.operation', 'javascript')}
        </>
      );
    case 'platform_notification':
      return text('notification', 'workflow.editor.notification', { multiline: true, hint: placeholderHint });
    default:
      return code('expression', 'workflow.editor.expression.operation', 'javascript', <FormattedMessage id="workflow.editor.expressionHint" />);
  }
}
