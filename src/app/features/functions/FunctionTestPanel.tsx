// The function test panel (spec sections 4, 5, 8): input modes simple and json, the states ready,
// running, success and error (machines/functionTest.machine.ts), the output and console lines on
// success, and the status and response body on error. Invalid JSON is a 3000 ms toast; simple
// mode shows the invalid-format message under the input.
import { useMachine } from '@xstate/react';
import type { ContextFrom } from 'xstate';
import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { functionTestMachine, type FunctionTestCall } from '../../../../machines/functionTest.machine';
import { parseTestInput, type FunctionTestMode } from '../../../../runtime/components/functionTestInput';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';
import './functions.css';

const STATE_TEXT = { ready: 'fn.test.ready', running: 'fn.test.running', success: 'fn.test.success', error: 'fn.test.error' } as const;

type TestState = keyof typeof STATE_TEXT;

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

type TestContext = ContextFrom<typeof functionTestMachine>;

/** Simple or JSON input. */
function ModeSwitch({ id, mode, testId, onMode }: { id: string; mode: FunctionTestMode; testId: string; onMode: (mode: FunctionTestMode) => void }) {
  const intl = useIntl();
  return (
    <div role="radiogroup" aria-label={intl.formatMessage({ id: 'fn.test.mode' })} className="segmented">
      {(['simple', 'json'] as FunctionTestMode[]).map((m) => (
        <label key={m} className={`segment${mode === m ? ' is-active' : ''}`}>
          <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => onMode(m)} data-testid={`${testId}-mode-${m}`} />
          <FormattedMessage id={m === 'simple' ? 'fn.test.simple' : 'fn.test.json'} />
        </label>
      ))}
    </div>
  );
}

/** The input, its hint, and why it cannot be sent; Ctrl+Enter runs. */
function TestInput({ id, context, testId, onEdit, onRun }: { id: string; context: TestContext; testId: string; onEdit: (text: string) => void; onRun: () => void }) {
  const { mode, text, inputError } = context;
  return (
    <label className="field">
      <span className="field-label">
        <FormattedMessage id="fn.test.input" />
      </span>
      <textarea
        className="mono"
        rows={5}
        value={text}
        spellCheck={false}
        aria-invalid={inputError !== null}
        aria-describedby={`${id}-hint`}
        data-testid={`${testId}-input`}
        onChange={(e) => onEdit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onRun();
        }}
      />
      <span id={`${id}-hint`} className="muted small">
        {mode === 'simple' ? <FormattedMessage id="fn.test.simpleHint" /> : null}
      </span>
      {inputError === 'invalidFormat' && mode === 'simple' ? (
        <span className="field-error" role="alert" data-testid={`${testId}-invalid-format`}>
          <FormattedMessage id="invalidFormat" />
        </span>
      ) : null}
      {inputError === 'invalidJson' && mode === 'json' ? (
        <span className="field-error" role="alert" data-testid={`${testId}-invalid-json`}>
          <FormattedMessage id="invalidJson" />
        </span>
      ) : null}
    </label>
  );
}

/** A run's outcome: the output and console lines, or the status and response body. */
function TestOutcome({ value, context, testId }: { value: TestState; context: TestContext; testId: string }) {
  const { output, logs, status, body } = context;
  if (value === 'success') {
    return (
      <div className="stack" data-testid={`${testId}-success`}>
        <h4>
          <FormattedMessage id="fn.test.output" />
        </h4>
        <pre className="code-block" data-testid={`${testId}-output`}>{pretty(output)}</pre>
        <h4>
          <FormattedMessage id="fn.test.logs" />
        </h4>
        {logs.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="fn.test.noLogs" />
          </p>
        ) : (
          <pre className="code-block" data-testid={`${testId}-logs`}>{logs.map((line) => `[${line.level}] ${line.message}`).join('\n')}</pre>
        )}
      </div>
    );
  }
  if (value !== 'error') return null;
  return (
    <div className="stack" role="alert" data-testid={`${testId}-error`}>
      <p>
        <FormattedMessage id="fn.test.status" />: <strong data-testid={`${testId}-status`}>{status}</strong>
      </p>
      <h4>
        <FormattedMessage id="fn.test.response" />
      </h4>
      <pre className="code-block" data-testid={`${testId}-body`}>{pretty(body)}</pre>
    </div>
  );
}

export function FunctionTestPanel({ call, testId = 'function-test' }: { call: FunctionTestCall; testId?: string }) {
  const id = useId();
  // The latest call (it closes over the editor's current code), read when a run starts.
  const latest = useRef(call);
  latest.current = call;
  const [state, send] = useMachine(functionTestMachine, { input: { call: (data) => latest.current(data), mode: 'json', text: '{}' } });
  const { mode, text } = state.context;
  const value = state.value as TestState;

  const run = () => {
    // A refused run in json mode is the 'invalid JSON' toast (3000 ms, spec section 9).
    if (mode === 'json' && !parseTestInput(mode, text).ok) showToast('invalidJson', 'danger', TOAST_MS.invalidJson);
    send({ type: 'RUN' });
  };

  return (
    <section className="subcard stack function-test" data-testid={testId} data-state={value} aria-labelledby={`${id}-title`}>
      <div className="row">
        <h3 id={`${id}-title`} className="grow">
          <FormattedMessage id="fn.test.title" />
        </h3>
        <ModeSwitch id={id} mode={mode} testId={testId} onMode={(m) => send({ type: 'MODE', mode: m })} />
      </div>
      <TestInput id={id} context={state.context} testId={testId} onEdit={(next) => send({ type: 'EDIT', text: next })} onRun={run} />
      <div className="row function-test-actions">
        <button type="button" className="button button-primary" onClick={run} disabled={value === 'running'} data-testid={`${testId}-run`}>
          <FormattedMessage id={value === 'running' ? 'fn.test.running' : 'fn.test.run'} />
        </button>
        <span className={`badge ${value === 'success' ? 'badge-success' : value === 'error' ? 'badge-danger' : 'badge-secondary'}`} role="status" data-testid={`${testId}-state`}>
          <FormattedMessage id={STATE_TEXT[value]} />
        </span>
      </div>
      <TestOutcome value={value} context={state.context} testId={testId} />
    </section>
  );
}
