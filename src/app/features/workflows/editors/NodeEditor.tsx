// The node editor (spec sections 3 and 5): edits a draft of one node. Closing with valid fields calls
// onChange(draft) then onClose(); with invalid fields it stays open and says 'Some fields are not
// valid!'. Cancel (and Escape) discard. Code fields use the app's CodeMirror editor; JSON fields are
// checked after 1 s without typing, with the error under the editor.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError } from '../../../../../runtime/api/contract';
import { JSON_CHECK_DEBOUNCE_MS, normaliseName, PUSH_TTL_DEFAULT, RECYCLE_TIMERS, WORKFLOW_EVENTS } from '../../../../../runtime/workflows/constants';
import { jsonProblem, validateConnectionName, validateNode } from '../../../../../runtime/workflows/rules';
import type { WorkflowConnection, WorkflowNode } from '../../../../../schemas/workflow.schema';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { SparkNamePicker } from '../../sparks/SparkNamePicker';

export interface NodeEditorProps {
  node: WorkflowNode;
  /** The whole graph (names of other nodes, the switch's connections). */
  nodes: readonly WorkflowNode[];
  /** The workflow's component (the component node's default target, the mocked record's fields). */
  componentUuid: string;
  /** Live environment: fields are shown read-only and nothing is changed. */
  readOnly: boolean;
  onChange(node: WorkflowNode): void;
  onClose(): void;
}

type Data = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value));

function errorsAt(errors: FieldError[], field: string): string[] {
  return errors.filter((error) => error.field === field).flatMap((error) => error.messages);
}

function FieldErrors({ messages, values }: { messages: string[]; values?: Record<string, string | number> }) {
  if (messages.length === 0) return null;
  return (
    <ul className="field-errors" role="alert">
      {messages.map((message) => (
        <li key={message}>
          <Message value={message} values={values ?? { min: 2, max: 128 }} />
        </li>
      ))}
    </ul>
  );
}

function TextField(props: { label: string; value: unknown; onChange: (value: string) => void; errors: string[]; readOnly: boolean; testId: string; type?: string; hint?: ReactNode; multiline?: boolean }) {
  const id = `wf-${props.testId}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {props.multiline ? (
        <textarea id={id} data-testid={props.testId} value={str(props.value)} readOnly={props.readOnly} disabled={props.readOnly} rows={4} onChange={(e) => props.onChange(e.target.value)} aria-invalid={props.errors.length > 0} />
      ) : (
        <input id={id} data-testid={props.testId} type={props.type ?? 'text'} value={str(props.value)} readOnly={props.readOnly} disabled={props.readOnly} onChange={(e) => props.onChange(e.target.value)} aria-invalid={props.errors.length > 0} />
      )}
      {props.hint ? <p className="field-hint muted">{props.hint}</p> : null}
      <FieldErrors messages={props.errors} />
    </div>
  );
}

/** A code field; JSON ones are checked after JSON_CHECK_DEBOUNCE_MS without typing. */
function CodeField(props: { label: string; value: unknown; onChange: (value: string) => void; errors: string[]; readOnly: boolean; testId: string; language: 'json' | 'javascript'; hint?: ReactNode }) {
  const value = str(props.value);
  const [jsonError, setJsonError] = useState<string | null>(null);
  useEffect(() => {
    if (props.language !== 'json') return;
    const timer = setTimeout(() => setJsonError(jsonProblem(value)), JSON_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, props.language]);
  const messages = [...new Set([...(jsonError ? [jsonError] : []), ...props.errors.filter((m) => props.language !== 'json' || m !== 'workflow.invalidJson' || jsonError)])];
  return (
    <div className="field">
      <span className="field-label">{props.label}</span>
      <CodeEditor value={value} onChange={props.onChange} language={props.language} kind={props.language === 'javascript' ? 'workflow' : undefined} label={props.label} readOnly={props.readOnly} height={140} testId={props.testId} />
      {props.hint ? <p className="field-hint muted">{props.hint}</p> : null}
      <FieldErrors messages={messages} />
    </div>
  );
}

export function NodeEditor({ node, readOnly, onChange, onClose }: NodeEditorProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [draft, setDraft] = useState<WorkflowNode>(() => structuredClone(node));
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const errors = useMemo(() => validateNode(draft), [draft]);
  const shown = (field: string) => (tried || touched.has(field) ? errorsAt(errors, field) : []);

  const touch = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const setData = (key: string, value: unknown) => {
    touch(`data.${key}`);
    setDraft((current) => ({ ...current, data: { ...current.data, [key]: value } }));
  };
  const setSmtp = (key: string, value: unknown) => {
    touch(`data.smtp.${key}`);
    setDraft((current) => ({ ...current, data: { ...current.data, smtp: { ...((current.data.smtp as Data) ?? {}), [key]: value } } }));
  };
  const data = draft.data;
  const smtp = (data.smtp ?? {}) as Data;

  const save = () => {
    setTried(true);
    if (errors.length > 0) return;
    onChange({ ...draft, name: normaliseName(draft.name) });
    onClose();
  };

  const text = (key: string, label: string, extra: { type?: string; hint?: ReactNode; multiline?: boolean } = {}) => (
    <TextField key={key} label={t(label)} value={data[key]} onChange={(v) => setData(key, v)} errors={shown(`data.${key}`)} readOnly={readOnly} testId={`node-${key}`} {...extra} />
  );
  const code = (key: string, label: string, language: 'json' | 'javascript', hint?: ReactNode) => (
    <CodeField key={key} label={t(label)} value={data[key]} onChange={(v) => setData(key, v)} errors={shown(`data.${key}`)} readOnly={readOnly} testId={`node-${key}`} language={language} hint={hint} />
  );
  const placeholderHint = <FormattedMessage id="workflow.editor.placeholders" />;

  let body: ReactNode = null;
  if (draft.type === 'event') {
    body = (
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
            <div className="field">
              <label className="field-label" htmlFor="wf-node-timer">
                <FormattedMessage id="workflow.editor.timer" />
              </label>
              <select id="wf-node-timer" data-testid="node-timer" value={str(data.timer)} disabled={readOnly} onChange={(e) => setData('timer', e.target.value)}>
                <option value="" />
                {Object.keys(RECYCLE_TIMERS).map((timer) => (
                  <option key={timer} value={timer}>
                    {timer}
                  </option>
                ))}
              </select>
              <FieldErrors messages={shown('data.timer')} />
            </div>
            {code('expression', 'workflow.editor.ruleset', 'json', <FormattedMessage id="workflow.editor.rulesetHint" />)}
          </>
        ) : null}
      </>
    );
  } else if (draft.type === 'condition' || draft.type === 'switch' || draft.type === 'each') {
    body = (
      <>
        {code('expression', `workflow.editor.expression.${draft.type}`, 'javascript')}
        {draft.type === 'condition' ? text('message', 'workflow.editor.refusal', { hint: <FormattedMessage id="workflow.editor.refusalHint" /> }) : null}
      </>
    );
  } else {
    switch (draft.action) {
      case 'email':
        body = (
          <>
            {text('to', 'workflow.editor.to', { hint: placeholderHint })}
            {text('cc', 'workflow.editor.cc')}
            {text('bcc', 'workflow.editor.bcc')}
            {text('subject', 'workflow.editor.subject')}
            {text('body', 'workflow.editor.body', { multiline: true })}
            <fieldset className="wf-section" data-testid="node-attachments">
              <legend>
                <FormattedMessage id="workflow.editor.attachments" />
              </legend>
              {(Array.isArray(data.attachments) ? (data.attachments as Data[]) : []).map((attachment, index, all) => (
                <div key={index} className="wf-attachment">
                  <TextField
                    label={t('workflow.editor.attachmentName')}
                    value={attachment.name}
                    onChange={(v) => setData('attachments', all.map((a, i) => (i === index ? { ...a, name: v } : a)))}
                    errors={shown(`data.attachments.${index}.name`)}
                    readOnly={readOnly}
                    testId={`node-attachment-name-${index}`}
                  />
                  <TextField
                    label={t('workflow.editor.attachmentHtml')}
                    value={attachment.value}
                    multiline
                    onChange={(v) => setData('attachments', all.map((a, i) => (i === index ? { ...a, value: v } : a)))}
                    errors={shown(`data.attachments.${index}.value`)}
                    readOnly={readOnly}
                    testId={`node-attachment-html-${index}`}
                  />
                  {readOnly ? null : (
                    <button type="button" className="button button-small" onClick={() => setData('attachments', all.filter((_, i) => i !== index))}>
                      <FormattedMessage id="workflow.editor.attachmentRemove" />
                    </button>
                  )}
                </div>
              ))}
              {readOnly ? null : (
                <button
                  type="button"
                  className="button button-small"
                  data-testid="node-attachment-add"
                  onClick={() => setData('attachments', [...(Array.isArray(data.attachments) ? (data.attachments as Data[]) : []), { type: 'html2pdf', name: '', value: '' }])}
                >
                  <FormattedMessage id="workflow.editor.attachmentAdd" />
                </button>
              )}
            </fieldset>
            <details className="wf-section">
              <summary>
                <FormattedMessage id="workflow.editor.smtp" />
              </summary>
              <p className="muted">
                <FormattedMessage id="workflow.editor.smtpHint" />
              </p>
              {(['host', 'port', 'username', 'password', 'email_from'] as const).map((key) => (
                <TextField
                  key={key}
                  label={t(`workflow.editor.smtp.${key}`)}
                  type={key === 'password' ? 'password' : key === 'port' ? 'number' : 'text'}
                  value={smtp[key]}
                  onChange={(v) => setSmtp(key, key === 'port' ? (v === '' ? '' : Number(v)) : v)}
                  errors={shown(`data.smtp.${key}`)}
                  readOnly={readOnly}
                  testId={`node-smtp-${key}`}
                />
              ))}
              <div className="field">
                <label className="field-label" htmlFor="wf-node-auth">
                  <FormattedMessage id="workflow.editor.smtp.auth_type" />
                </label>
                <select id="wf-node-auth" value={str(smtp.auth_type) || 'plain'} disabled={readOnly} onChange={(e) => setSmtp('auth_type', e.target.value)}>
                  <option value="plain">PLAIN</option>
                  <option value="crammd5">CRAM-MD5</option>
                </select>
              </div>
            </details>
          </>
        );
        break;
      case 'http_request':
        body = (
          <>
            {text('url', 'workflow.editor.url', { hint: placeholderHint })}
            {code('headers', 'workflow.editor.headers', 'json')}
            {code('postData', 'workflow.editor.postData', 'json')}
          </>
        );
        break;
      case 'push_notification':
        body = (
          <>
            <div className="field">
              <label className="field-label" htmlFor="wf-node-mode">
                <FormattedMessage id="workflow.editor.pushMode" />
              </label>
              <select id="wf-node-mode" value={str(data.fcmToken) || 'token'} disabled={readOnly} onChange={(e) => setData('fcmToken', e.target.value)}>
                <option value="token">token</option>
                <option value="condition">condition</option>
                <option value="topic">topic</option>
              </select>
            </div>
            {text('value', 'workflow.editor.pushValue')}
            {text('title', 'workflow.editor.pushTitle')}
            {text('body', 'workflow.editor.body')}
            {text('ttl', 'workflow.editor.ttl', { type: 'number', hint: String(PUSH_TTL_DEFAULT) })}
          </>
        );
        break;
      case 'component':
        body = (
          <>
            {text('component_ref', 'workflow.editor.component')}
            {code('expression', 'workflow.editor.expression.component', 'javascript')}
          </>
        );
        break;
      case 'spark':
        body = (
          <>
            {text('spark_name', 'workflow.editor.sparkName')}
            <SparkNamePicker value={data.spark_name} onPick={(name) => setData('spark_name', name)} disabled={readOnly} />
            {code('expression', 'workflow.editor.expression.operation', 'javascript')}
          </>
        );
        break;
      case 'platform_notification':
        body = text('notification', 'workflow.editor.notification', { multiline: true, hint: placeholderHint });
        break;
      default:
        body = code('expression', 'workflow.editor.expression.operation', 'javascript', <FormattedMessage id="workflow.editor.expressionHint" />);
    }
  }

  return (
    <Dialog
      open
      wide
      title={<FormattedMessage id="workflow.editor.title" />}
      onClose={onClose}
      testId="node-editor"
      actions={
        <>
          <button type="button" className="button" data-testid="node-cancel" onClick={onClose}>
            <FormattedMessage id={readOnly ? 'workflow.close' : 'workflow.cancel'} />
          </button>
          {readOnly ? null : (
            <button type="button" className="button button-primary" data-testid="node-save" onClick={save}>
              <FormattedMessage id="workflow.editor.done" />
            </button>
          )}
        </>
      }
    >
      <div className="wf-editor">
        {draft.type !== 'each' ? (
          <TextField
            label={t('workflow.editor.name')}
            value={draft.name}
            onChange={(v) => {
              touch('name');
              setDraft({ ...draft, name: normaliseName(v) });
            }}
            errors={shown('name')}
            readOnly={readOnly}
            testId="node-name"
          />
        ) : null}
        {body}
        {draft.type !== 'event' ? (
          <label className="field-check">
            <input type="checkbox" data-testid="node-parallel" checked={draft.parallel} disabled={readOnly} onChange={(e) => setDraft({ ...draft, parallel: e.target.checked })} />
            <FormattedMessage id="workflow.editor.parallel" />
          </label>
        ) : null}
        {tried && errors.length > 0 ? (
          <p className="form-error" role="alert" data-testid="node-invalid">
            <FormattedMessage id="someFieldsAreNotValid" />
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

export interface ConnectionEditorProps {
  connection: WorkflowConnection;
  readOnly: boolean;
  /** Called with the new name (spaces already turned into underscores), once it is valid. */
  onChange(name: string): void;
  onClose(): void;
}

/** Renames a connection leaving a switch (the only ones that can be renamed). */
export function ConnectionEditor({ connection, readOnly, onChange, onClose }: ConnectionEditorProps) {
  const intl = useIntl();
  const [name, setName] = useState(connection.name);
  const [tried, setTried] = useState(false);
  const errors = validateConnectionName(name);
  const save = () => {
    setTried(true);
    if (errors.length > 0) return;
    onChange(name);
    onClose();
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="workflow.connection.rename" />}
      onClose={onClose}
      testId="connection-editor"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="workflow.cancel" />
          </button>
          {readOnly ? null : (
            <button type="button" className="button button-primary" data-testid="connection-save" onClick={save}>
              <FormattedMessage id="workflow.editor.done" />
            </button>
          )}
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField label={intl.formatMessage({ id: 'workflow.connection.name' })} value={name} onChange={(v) => setName(normaliseName(v))} errors={tried ? errorsAt(errors, 'name') : []} readOnly={readOnly} testId="connection-name" />
      </form>
    </Dialog>
  );
}
