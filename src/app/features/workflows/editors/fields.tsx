// The fields of the node and connection editors: a text field, a code field (CodeMirror; JSON ones are
// checked after JSON_CHECK_DEBOUNCE_MS without typing), a select of fixed options and the messages
// under a field.
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../../../../runtime/api/contract';
import { JSON_CHECK_DEBOUNCE_MS } from '../../../../../runtime/workflows/constants';
import { jsonProblem } from '../../../../../runtime/workflows/rules';
import { Message } from '../../../../../renderers/ui/Message';
import { CodeEditor } from '../../../components/code/CodeEditor';

export type Data = Record<string, unknown>;

export const str = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value));

export function errorsAt(errors: FieldError[], field: string): string[] {
  return errors.filter((error) => error.field === field).flatMap((error) => error.messages);
}

export function FieldErrors({ messages, values }: { messages: string[]; values?: Record<string, string | number> }) {
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

export function TextField(props: { label: string; value: unknown; onChange: (value: string) => void; errors: string[]; readOnly: boolean; testId: string; type?: string; hint?: ReactNode; multiline?: boolean }) {
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
export function CodeField(props: { label: string; value: unknown; onChange: (value: string) => void; errors: string[]; readOnly: boolean; testId: string; language: 'json' | 'javascript'; hint?: ReactNode }) {
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

/** A choice among fixed options, given as [value, text] pairs. */
export function SelectField(props: { id: string; label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (value: string) => void; readOnly: boolean; testId?: string; errors?: string[] }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        <FormattedMessage id={props.label} />
      </label>
      <select id={props.id} data-testid={props.testId} value={props.value} disabled={props.readOnly} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {props.errors ? <FieldErrors messages={props.errors} /> : null}
    </div>
  );
}
