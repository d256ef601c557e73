// /admin/scout/workflow (spec section 2): the workflow run log. Filters (workflow, status, event,
// environment) and the page live in the URL; a row opens the run's path and results beside the list,
// with a link that draws the run on its canvas.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RunListQuery, RunStatus, WorkflowRun, WorkflowRunSummary } from '../../../../runtime/api/workflows';
import { workflowRunQueryOptions, workflowRunsQueryOptions, workflowsQueryOptions } from '../../../../renderers/data/workflows';
import { RefreshCw, Workflow as WorkflowIcon, X } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListEmpty } from '../../components/list/ListPage';
import { PageNumbers } from '../../components/list/Pager';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeader } from '../../components/PageHeader';
import { NodeEvents } from './NodeEvents';
import { WorkflowIntl } from './WorkflowIntl';
import './workflow.css';

const STATUSES: RunStatus[] = ['queued', 'running', 'success', 'error', 'refused'];
const PER_PAGE = 25;

type Search = { workflow?: string; status?: string; event?: string; env?: string; page?: number; run?: string };

function time(value: string | null): string {
  return value ? new Date(value).toLocaleString() : '';
}

function RunDetail({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const intl = useIntl();
  const run = useQuery(workflowRunQueryOptions(uuid));
  if (run.isPending) return <Loading />;
  if (run.isError) return <LoadError error={run.error} />;
  const data: WorkflowRun = run.data;
  const byId = new Map(data.nodes.map((node) => [node.id, node]));
  const results = new Map(data.results.map((result) => [result.id, result]));
  return (
    <section className="card wf-drawer" data-testid="wf-run-detail" aria-label={intl.formatMessage({ id: 'workflow.runs.detail' })}>
      <div className="wf-sidebar-head">
        <h2>
          {data.workflow_name} · {data.event}
        </h2>
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workflow.close' })} onClick={onClose}>
          <X aria-hidden="true" />
        </button>
      </div>
      <p>
        <span className={`wf-badge wf-badge-${data.status}`}>{data.status}</span> {time(data.created_at)} · {data.duration_ms ?? '–'} ms
      </p>
      {data.error ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : null}
      <AppLink href={`/admin/workflow/${data.workflow_uuid}?run=${data.uuid}`} className="button button-small" data-testid="wf-run-canvas">
        <FormattedMessage id="workflow.runs.showOnCanvas" />
      </AppLink>
      <ol className="wf-results">
        {data.path.map((id, index) => {
          const node = byId.get(id);
          const result = results.get(id);
          return (
            <li key={`${id}-${index}`} className={`wf-result is-${result?.status ?? 'skipped'}`}>
              <div className="wf-result-head">
                <strong>{node?.name || node?.type || id}</strong>
                <span className="muted">{node?.type}</span>
                {result ? <span className={`wf-badge wf-badge-${result.status}`}>{result.status}</span> : null}
                {result ? <span className="muted">{result.ms} ms</span> : null}
              </div>
              {result?.error ? <p className="form-error">{result.error}</p> : null}
              {result ? <pre className="wf-json">{JSON.stringify(result.State.Results, null, 2)}</pre> : null}
              {result ? <NodeEvents result={result} dryRun={false} /> : null}
            </li>
          );
        })}
      </ol>
      <h3>
        <FormattedMessage id="workflow.resultData" />
      </h3>
      <pre className="wf-json">{JSON.stringify(data.data, null, 2)}</pre>
    </section>
  );
}

const COLUMNS: ListColumn<WorkflowRunSummary>[] = [
  { id: 'time', header: 'workflow.runs.time', cell: (run) => time(run.created_at) },
  { id: 'workflow', header: 'workflow.runs.workflow', cell: (run) => run.workflow_name },
  { id: 'event', header: 'workflow.runs.event', cell: (run) => <code>{run.event}</code> },
  { id: 'env', header: 'workflow.runs.env', cell: (run) => run.env },
  { id: 'record', header: 'workflow.runs.record', cellClassName: 'muted', cell: (run) => (run.record_uuid ? `…${run.record_uuid.slice(-8)}` : '') },
  {
    id: 'status',
    header: 'workflow.runs.status',
    cell: (run) => (
      <span className={`wf-badge wf-badge-${run.status}`} data-testid="wf-run-status">
        {run.status}
      </span>
    ),
  },
  { id: 'duration', header: 'workflow.runs.duration', cell: (run) => `${run.duration_ms ?? '–'} ms` },
  { id: 'error', header: 'workflow.runs.error', cellClassName: 'muted', cell: (run) => run.error ?? '' },
];

/** Workflow, status and environment apply when chosen, the event when its field is left. */
function RunFilters({ search, setSearch }: { search: Search; setSearch: (patch: Partial<Search>) => void }) {
  const intl = useIntl();
  const workflows = useQuery(workflowsQueryOptions());
  const select = (key: keyof Search, label: string, options: { value: string; label: string }[]) => (
    <div className="field">
      <label className="field-label" htmlFor={`wf-runs-${key}`}>
        <FormattedMessage id={label} />
      </label>
      <select id={`wf-runs-${key}`} data-testid={`wf-runs-${key}`} value={String(search[key] ?? '')} onChange={(e) => setSearch({ [key]: e.target.value || undefined, page: undefined })}>
        <option value="">{intl.formatMessage({ id: 'workflow.runs.all' })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="wf-runs-filters">
      {select('workflow', 'workflow.runs.workflow', (workflows.data ?? []).map((w) => ({ value: w.uuid, label: w.name })))}
      {select('status', 'workflow.runs.status', STATUSES.map((s) => ({ value: s, label: s })))}
      {select('env', 'workflow.runs.env', [
        { value: 'dev', label: 'dev' },
        { value: 'live', label: 'live' },
      ])}
      <div className="field">
        <label className="field-label" htmlFor="wf-runs-event">
          <FormattedMessage id="workflow.runs.event" />
        </label>
        <input id="wf-runs-event" data-testid="wf-runs-event" defaultValue={search.event ?? ''} onBlur={(e) => setSearch({ event: e.target.value.trim() || undefined, page: undefined })} />
      </div>
    </div>
  );
}

function RunsScreen() {
  const search = useSearch({ strict: false }) as Search;
  const navigate = useNavigate();
  const page = Number(search.page) > 0 ? Number(search.page) : 1;
  const query: RunListQuery = {
    ...(search.workflow ? { workflow: search.workflow } : {}),
    ...(search.status ? { status: search.status as RunStatus } : {}),
    ...(search.event ? { event: search.event } : {}),
    ...(search.env === 'dev' || search.env === 'live' ? { env: search.env } : {}),
    page,
    perPage: PER_PAGE,
  };
  const runs = useQuery(workflowRunsQueryOptions(query));
  const setSearch = (patch: Partial<Search>) =>
    void navigate({ to: '/admin/scout/workflow', replace: true, search: (current: Record<string, unknown>) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, v]) => v !== undefined && v !== '')) } as never);
  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / PER_PAGE)) : 1;
  return (
    <div className="page" data-testid="workflow-runs-page">
      <PageHeader title={<FormattedMessage id="workflow.runs.title" />}>
        <button type="button" className="button button-small" data-testid="wf-runs-refresh" onClick={() => void runs.refetch()}>
          <RefreshCw aria-hidden="true" /> <FormattedMessage id="workflow.runs.refresh" />
        </button>
      </PageHeader>
      <RunFilters search={search} setSearch={setSearch} />
      <div className={`wf-runs-layout${search.run ? ' has-detail' : ''}`}>
        <section>
          <ListBody
            label="workflow.runs.title"
            query={runs}
            rows={runs.data?.items}
            columns={COLUMNS}
            rowTestId="wf-run-row"
            rowAttributes={(run) => ({ className: `wf-run-row${search.run === run.uuid ? ' is-selected' : ''}` })}
            // A row opens its run beside the list; no link in it, so the row itself takes the focus.
            onOpen={(run) => setSearch({ run: run.uuid })}
            focusableRows
            empty={<ListEmpty testId="wf-runs-empty" icon={<WorkflowIcon />} title="workflow.runs.none" hint="workflow.runs.noneHint" />}
            paging={<PageNumbers page={page} pages={pages} onPage={(next) => setSearch({ page: next })} labels={{ prev: 'workflow.runs.prev', next: 'workflow.runs.next', pageOf: 'workflow.runs.page' }} />}
          />
        </section>
        {search.run ? <RunDetail uuid={search.run} onClose={() => setSearch({ run: undefined })} /> : null}
      </div>
    </div>
  );
}

export function WorkflowRunsPage() {
  return (
    <WorkflowIntl>
      <RunsScreen />
    </WorkflowIntl>
  );
}
