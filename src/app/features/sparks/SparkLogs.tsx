// The live log of a spark's invocations, newest first: polled every few seconds while the page is
// visible (TanStack Query's refetchInterval; the realtime bus arrives in a later issue).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Spark } from '../../../../runtime/api/sparks';
import { sparkLogsQueryOptions } from '../../../../renderers/data/sparks';
import { LoadError, Loading } from '../../components/LoadState';
import { When } from '../../components/When';

export function SparkLogs({ spark }: { spark: Spark }) {
  const [page, setPage] = useState(1);
  const logs = useQuery({ ...sparkLogsQueryOptions(spark.uuid, page), placeholderData: keepPreviousData });
  const pages = logs.data ? Math.max(1, Math.ceil(logs.data.total / logs.data.per_page)) : 1;
  return (
    <section className="card stack" aria-labelledby="spark-logs-title" data-testid="spark-logs">
      <h2 id="spark-logs-title" className="spark-section-title">
        <FormattedMessage id="sparks.logs" />
      </h2>
      <p className="muted">
        <FormattedMessage id="sparks.logsHint" />
      </p>
      {logs.isPending ? (
        <Loading />
      ) : logs.isError ? (
        <LoadError error={logs.error} />
      ) : logs.data.items.length === 0 ? (
        <p className="muted" data-testid="spark-no-logs">
          <FormattedMessage id="sparks.noLogs" />
        </p>
      ) : (
        <ol className="spark-logs" aria-live="polite">
          {logs.data.items.map((log) => (
            <li key={log.uuid} className="spark-log" data-testid="spark-log-row" data-status={log.status}>
              <div className="spark-log-head">
                <span className={`badge ${log.status === 'ok' ? 'badge-success' : 'badge-danger'}`}>{log.status}</span>
                <When value={log.created_at} />
                <span className="muted">{log.duration_ms} ms</span>
                <span className="muted">
                  {log.env} · <FormattedMessage id="sparks.version" values={{ version: log.version }} /> · {log.source}
                </span>
              </div>
              {log.error ? <pre className="spark-pre spark-pre-error">{log.error}</pre> : null}
              {log.logs.length > 0 ? (
                <pre className="spark-pre spark-console" data-testid="spark-log-console">
                  {log.logs.map((line) => `${line.level}: ${line.message}`).join('\n')}
                </pre>
              ) : (
                <div className="muted">
                  <FormattedMessage id="sparks.noConsole" />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <div className="form-actions">
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <FormattedMessage id="sparks.newer" />
          </button>
          <span className="muted">
            {page} / {pages}
          </span>
          <button type="button" className="button button-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            <FormattedMessage id="sparks.older" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
