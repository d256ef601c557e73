// The results drawer: under the canvas, each node that ran (a dry run's, or the run shown with ?run=)
// with its status, time, error, results and the custom events it published or would publish, then the
// data the run ended with. A run's drawer stays open; a dry run's closes.
import { FormattedMessage, useIntl } from 'react-intl';
import type { NodeResult } from '../../../../runtime/api/workflows';
import type { WorkflowNode } from '../../../../schemas/workflow.schema';
import { NodeEvents } from './NodeEvents';
import { PanelHead } from './PanelHead';

export interface ResultsDrawerProps {
  nodes: WorkflowNode[];
  results: NodeResult[];
  data: Record<string, unknown>;
  error: string | null;
  dryRun: boolean;
  onClose?: () => void;
}

export function ResultsDrawer({ nodes, results, data, error, dryRun, onClose }: ResultsDrawerProps) {
  const intl = useIntl();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (
    <section className="wf-drawer" aria-label={intl.formatMessage({ id: 'workflow.results' })} data-testid="wf-results">
      <PanelHead title="workflow.results" onClose={onClose} />
      {error ? (
        <p className="form-error" role="alert" data-testid="wf-results-error">
          {error}
        </p>
      ) : null}
      {results.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="workflow.noNodeRan" />
        </p>
      ) : (
        <ol className="wf-results">
          {results.map((result) => {
            const node = byId.get(result.id);
            return (
              <li key={result.id} className={`wf-result is-${result.status}`} data-testid="wf-result" data-node-id={result.id}>
                <div className="wf-result-head">
                  <strong>{node?.name || node?.type || result.id}</strong>
                  <span className={`wf-badge wf-badge-${result.status}`}>{result.status}</span>
                  <span className="muted">{result.ms} ms</span>
                </div>
                {result.error ? <p className="form-error">{result.error}</p> : null}
                <pre className="wf-json">{JSON.stringify(result.State.Results, null, 2)}</pre>
                <NodeEvents result={result} dryRun={dryRun} />
              </li>
            );
          })}
        </ol>
      )}
      <h3>
        <FormattedMessage id="workflow.resultData" />
      </h3>
      <pre className="wf-json" data-testid="wf-results-data">
        {JSON.stringify(data, null, 2)}
      </pre>
    </section>
  );
}
