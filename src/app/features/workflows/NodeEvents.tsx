// The custom events a node's script published (a run) or would publish (a dry run, which writes
// none): under the node's result in the results drawer and the run log (docs/workflows.md "Running").
import { FormattedMessage } from 'react-intl';
import type { NodeResult } from '../../../../runtime/api/workflows';

export function NodeEvents({ result, dryRun }: { result: NodeResult; dryRun: boolean }) {
  if (!result.events?.length) return null;
  return (
    <div className="wf-node-events" data-testid="wf-result-events">
      <h4>
        <FormattedMessage id={dryRun ? 'workflow.eventsWouldPublish' : 'workflow.eventsPublished'} values={{ count: result.events.length }} />
      </h4>
      <pre className="wf-json">{JSON.stringify(result.events, null, 2)}</pre>
    </div>
  );
}
