// /admin/workflow/:id (spec section 2, "Workflow editor"): the workflow's name, its component and
// version bar over the canvas (canvas/Canvas.tsx: toolbar, graph, dry-run sidebar, results drawer,
// node dialogs). With ?v=<version> it shows that version; with ?run=<uuid> one run's path, read-only
// (Scout).
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { ReactFlowProvider } from 'react-flow-renderer';
import { FormattedMessage } from 'react-intl';
import { workflowQueryOptions, workflowRunQueryOptions } from '../../../../renderers/data/workflows';
import { AppLink } from '../../components/AppLink';
import { LoadError, Loading } from '../../components/LoadState';
import { Canvas } from './canvas/Canvas';
import { VersionBar } from './VersionBar';
import { WorkflowIntl } from './WorkflowIntl';
import './workflow.css';

function WorkflowScreen() {
  const { id } = useParams({ strict: false }) as { id: string };
  const search = useSearch({ strict: false }) as { run?: string; v?: string };
  const workflow = useQuery(workflowQueryOptions(id, search.v));
  const run = useQuery({ ...workflowRunQueryOptions(search.run ?? ''), enabled: Boolean(search.run) });
  if (workflow.isPending || (search.run && run.isPending)) return <Loading />;
  if (workflow.isError) return <LoadError error={workflow.error} />;
  if (search.run && run.isError) return <LoadError error={run.error} />;
  const data = workflow.data;
  return (
    <div className="page wf-page" data-testid="workflow-page">
      <header className="wf-header">
        <h1>{data.name}</h1>
        <AppLink href={`/admin/component/${data.component_ref}`} className="muted">
          {data.component_name}
        </AppLink>
        {search.run ? (
          <span className="wf-badge" data-testid="wf-run-view">
            <FormattedMessage id="workflow.runView" />
          </span>
        ) : (
          <VersionBar workflow={data} />
        )}
      </header>
      <ReactFlowProvider>
        <Canvas key={`${data.uuid}:${data.version.name}:${search.run ?? ''}`} workflow={data} run={search.run ? (run.data ?? null) : null} />
      </ReactFlowProvider>
    </div>
  );
}

export function WorkflowPage() {
  return (
    <WorkflowIntl>
      <WorkflowScreen />
    </WorkflowIntl>
  );
}
