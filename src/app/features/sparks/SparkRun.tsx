// The Run box: JSON input, sent to the spark's invoke URL, which runs the release deployed to the
// environment the app is in; the output or the spark's error shows below.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Spark, SparkInvokeAnswer } from '../../../../runtime/api/sparks';
import { ApiRequestError } from '../../../../runtime/client/errors';
import { sparksApi } from '../../../../runtime/client/sparks';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { Message } from '../../../../renderers/ui/Message';
import { failureSummary } from '../../components/form/failure';

type Outcome = { ok: true; answer: SparkInvokeAnswer } | { ok: false; message: string; detail: string | null };

export function SparkRun({ spark }: { spark: Spark }) {
  const env = useStore(environmentStore);
  const queryClient = useQueryClient();
  const inputId = useId();
  const [input, setInput] = useState('{}');
  const [invalid, setInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useMutation({
    mutationFn: (data: unknown) => sparksApi.invoke(spark.name, { data, include_logs: true }),
    onSuccess: (answer) => setOutcome({ ok: true, answer }),
    onError: (error) => {
      // A failed run is 417 'sparkRunFailed' whose one field error is the spark's own message.
      const detail = error instanceof ApiRequestError ? (error.fieldErrors[0]?.messages[0] ?? null) : null;
      setOutcome({ ok: false, message: error instanceof ApiRequestError ? error.messageKey : (failureSummary(error) ?? 'unexpectedError'), detail });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sparks', 'logs', spark.uuid] }),
  });
  const submit = () => {
    let data: unknown;
    try {
      data = input.trim() === '' ? null : JSON.parse(input);
    } catch {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    run.mutate(data);
  };
  return (
    <section className="card stack" aria-labelledby="spark-run-title" data-testid="spark-run">
      <h2 id="spark-run-title" className="spark-section-title">
        <FormattedMessage id="sparks.run" />
      </h2>
      <p className="muted">
        <FormattedMessage id="sparks.runHint" values={{ env }} />
      </p>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          <FormattedMessage id="sparks.input" />
        </label>
        <textarea id={inputId} rows={4} spellCheck={false} className="spark-mono" data-testid="spark-input" value={input} aria-invalid={invalid} onChange={(e) => setInput(e.target.value)} />
        {invalid ? (
          <p className="form-error" role="alert">
            <FormattedMessage id="sparks.invalidJson" />
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="button" className="button button-primary" data-testid="spark-run-button" disabled={run.isPending} onClick={submit}>
          <FormattedMessage id="sparks.run" />
        </button>
      </div>
      {outcome ? (
        <div data-testid="spark-output" data-ok={outcome.ok}>
          <div className="field-label">
            <FormattedMessage id="sparks.output" />
          </div>
          {outcome.ok ? (
            <pre className="spark-pre">{JSON.stringify(outcome.answer.data, null, 2)}</pre>
          ) : (
            <div className="form-error" role="alert">
              <Message value={outcome.message} />
              {outcome.detail ? <pre className="spark-pre spark-pre-error">{outcome.detail}</pre> : null}
            </div>
          )}
          {outcome.ok && outcome.answer.logs && outcome.answer.logs.length > 0 ? (
            <pre className="spark-pre spark-console">{outcome.answer.logs.map((line) => `${line.level}: ${line.message}`).join('\n')}</pre>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
