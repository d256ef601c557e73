// The read-only SQL console of a ratchet connection (docs/ratchet.md "The console"): a CodeMirror SQL
// editor (Ctrl+Enter runs), Run and Cancel, and the answer as it streams: a virtualised table of up
// to 5000 rows, the notice when the cap cut it, the database's error. Cancel asks the server to stop
// the statement and drops the stream (leaving the page does the same).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HOST_TIMEOUT_MS } from '../../../../runtime/api/contract';
import { RATCHET_LIMITS, type RatchetColumn, type RatchetConnection } from '../../../../runtime/api/ratchet';
import { ratchetApi, runConsole, type ConsoleOutcome } from '../../../../runtime/client/ratchet';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { Message } from '../../../../renderers/ui/Message';
import { CodeEditor } from '../../components/code/CodeEditor';

interface Answer {
  columns: RatchetColumn[];
  rows: unknown[][];
  outcome: ConsoleOutcome | null;
  /** A failure before any column (422 with its key), or the connection's. */
  failure: { message: string; detail?: string } | null;
}

const EMPTY: Answer = { columns: [], rows: [], outcome: null, failure: null };
const ROW_HEIGHT = 32;

const text = (value: unknown) => (value === null ? 'NULL' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function ResultTable({ answer }: { answer: Answer }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: answer.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const template = `repeat(${Math.max(1, answer.columns.length)}, minmax(8rem, 1fr))`;
  // The head and the rows share one width: the columns' least, or the table's when it is wider.
  const width = `max(100%, ${Math.max(1, answer.columns.length) * 8}rem)`;
  return (
    <div className="ratchet-result" ref={scroller} role="table" aria-rowcount={answer.rows.length + 1} data-testid="ratchet-result" tabIndex={0}>
      <div className="ratchet-row ratchet-head" role="row" style={{ gridTemplateColumns: template, width }}>
        {answer.columns.map((column, index) => (
          <span key={index} role="columnheader" title={column.type}>
            {column.name}
          </span>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            className="ratchet-row"
            role="row"
            data-testid="ratchet-result-row"
            style={{ gridTemplateColumns: template, position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
          >
            {answer.rows[item.index]!.map((value, index) => (
              <span key={index} role="cell" className={value === null ? 'muted' : undefined}>
                {text(value)}
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function Outcome({ answer }: { answer: Answer }) {
  const failure = answer.failure ?? (answer.outcome?.type === 'error' ? answer.outcome : null);
  if (failure) {
    return (
      <p className="form-error" role="alert" data-testid="ratchet-error">
        <Message value={failure.message} />
        {failure.detail ? <span className="muted small ratchet-detail">{failure.detail}</span> : null}
      </p>
    );
  }
  if (answer.outcome?.type !== 'end') return null;
  const { row_count: count, ms, capped, command } = answer.outcome;
  return (
    <div className="ratchet-outcome" data-testid="ratchet-outcome">
      <p className="muted small">
        {answer.columns.length === 0 ? <FormattedMessage id="ratchet.noColumns" values={{ command }} /> : <FormattedMessage id="ratchet.rows" values={{ count, ms }} />}
      </p>
      {capped ? (
        <p className="notice" role="status" data-testid="ratchet-capped">
          <FormattedMessage id="ratchet.capped" values={{ cap: count }} />
        </p>
      ) : null}
    </div>
  );
}

function failureOf(error: unknown): Answer['failure'] {
  if (!isApiRequestError(error)) return { message: 'unexpectedError' };
  const detail = (error.fieldErrors[0]?.values?.[0] as { detail?: string } | null | undefined)?.detail;
  return { message: error.message, ...(detail ? { detail } : {}) };
}

export function RatchetConsole({ connection }: { connection: RatchetConnection }) {
  const intl = useIntl();
  const [sql, setSql] = useState('select 1');
  const [answer, setAnswer] = useState<Answer>(EMPTY);
  const [running, setRunning] = useState<{ controller: AbortController; queryId: string } | null>(null);
  useEffect(() => () => running?.controller.abort(), [running]);

  const run = async () => {
    if (running) return;
    const controller = new AbortController();
    const queryId = crypto.randomUUID();
    setRunning({ controller, queryId });
    const gathered: Answer = { ...EMPTY, rows: [] };
    setAnswer(gathered);
    try {
      const outcome = await runConsole(connection.uuid, sql, {
        signal: controller.signal,
        queryId,
        onColumns: (columns) => setAnswer((current) => ({ ...current, columns })),
        onRows: (rows) => setAnswer((current) => ({ ...current, rows: [...current.rows, ...rows] })),
      });
      setAnswer((current) => ({ ...current, outcome }));
    } catch (error) {
      if (!controller.signal.aborted) setAnswer((current) => ({ ...current, failure: failureOf(error) }));
    } finally {
      setRunning(null);
    }
  };

  const cancel = () => {
    if (!running) return;
    void ratchetApi.cancel(connection.uuid, running.queryId).catch(() => undefined);
    running.controller.abort();
    setAnswer((current) => ({ ...current, failure: { message: 'ratchetCancelled' } }));
  };

  // Ctrl+Enter (Cmd+Enter) runs, before CodeMirror's own binding of the keys.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    void run();
  };

  return (
    <section className="card ratchet-console" aria-labelledby="ratchet-console-title" data-testid="ratchet-console">
      <h2 className="card-title" id="ratchet-console-title">
        <FormattedMessage id="ratchet.console" />
      </h2>
      <p className="muted small">
        <FormattedMessage id="ratchet.consoleHint" values={{ cap: RATCHET_LIMITS.rowCap, seconds: HOST_TIMEOUT_MS.ratchet / 1000 }} />
      </p>
      <div onKeyDownCapture={onKeyDownCapture}>
        <CodeEditor value={sql} onChange={setSql} language="sql" label={intl.formatMessage({ id: 'ratchet.sql' })} height={160} testId="ratchet-sql" />
      </div>
      <div className="form-actions">
        {running ? (
          <button type="button" className="button button-ghost" data-testid="ratchet-cancel" onClick={cancel}>
            <FormattedMessage id="ratchet.cancel" />
          </button>
        ) : null}
        <button type="button" className="button button-primary" data-testid="ratchet-run" disabled={running !== null} onClick={() => void run()}>
          <FormattedMessage id={running ? 'ratchet.running' : 'ratchet.run'} />
        </button>
      </div>
      <div aria-live="polite">
        <Outcome answer={answer} />
      </div>
      {answer.columns.length > 0 ? <ResultTable answer={answer} /> : null}
    </section>
  );
}
