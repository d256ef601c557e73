// The satellites on /admin/integrations (docs/satellites.md): every Luma process that takes jobs, with
// its status, version, last heartbeat and jobs done, read again every 5 s; an operator disables one
// (after a question) or enables it again. Who is not an operator sees how to start one, and why the
// list is not theirs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Satellite, SatelliteStatus } from '../../../../runtime/api/satellites';
import { ApiRequestError } from '../../../../runtime/client/errors';
import { satellitesApi } from '../../../../runtime/client/integrations';
import { integrationKeys, satellitesExploreQueryOptions, satellitesQueryOptions } from '../../../../renderers/data/integrations';
import { Server } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListEmpty } from '../../components/list/ListPage';
import { IntegrationSection } from './parts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureSummary } from '../../components/form/failure';

const BADGE: Record<SatelliteStatus, string> = { online: 'badge-success', disabling: 'badge-warning', disabled: 'badge-warning', offline: 'badge-danger', stopped: 'badge-neutral' };

function StatusBadge({ status }: { status: SatelliteStatus }) {
  return (
    <span className={`badge ${BADGE[status]}`} data-testid="satellite-status" data-status={status}>
      <FormattedMessage id={`satellites.status.${status}`} />
    </span>
  );
}

function SwitchButton({ satellite }: { satellite: Satellite }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const disable = !satellite.disabled;
  const mutation = useMutation({
    mutationFn: () => satellitesApi.change(satellite.id, { disabled: disable }),
    onSuccess: async () => {
      setAsking(false);
      showToast(disable ? 'satellites.disabledToast' : 'satellites.enabledToast', 'success', undefined, { name: satellite.name });
      await queryClient.invalidateQueries({ queryKey: integrationKeys.satellites });
    },
    onError: (error) => {
      if (!disable) showToast(failureSummary(error) ?? 'somethingWrong', 'danger');
    },
  });
  const close = () => {
    setAsking(false);
    mutation.reset();
  };
  if (satellite.status === 'stopped') return null;
  return (
    <>
      <button
        type="button"
        className={`button button-small${disable ? ' danger' : ''}`}
        data-testid={disable ? 'satellite-disable' : 'satellite-enable'}
        disabled={mutation.isPending}
        onClick={() => (disable ? setAsking(true) : mutation.mutate())}
      >
        <FormattedMessage id={disable ? 'satellites.disable' : 'satellites.enable'} />
      </button>
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="satellites.disableTitle" values={{ name: satellite.name }} />}
        confirmLabel={<FormattedMessage id="satellites.disable" />}
        onConfirm={() => mutation.mutate()}
        onClose={close}
        pending={mutation.isPending}
        failure={mutation.isError ? failureSummary(mutation.error) : null}
      >
        <p>
          <FormattedMessage id="satellites.disableBody" />
        </p>
      </ConfirmDialog>
    </>
  );
}

const secondsSince = (iso: string) => Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));

const columns: ListColumn<Satellite>[] = [
  {
    id: 'name',
    header: 'satellites.name',
    cell: (satellite) => (
      <>
        <span className="satellite-name">{satellite.name}</span>
        <div className="muted">{satellite.role}</div>
      </>
    ),
  },
  { id: 'status', header: 'satellites.status', cell: (satellite) => <StatusBadge status={satellite.status} /> },
  { id: 'version', header: 'satellites.version', cell: (satellite) => satellite.version },
  {
    id: 'heartbeat',
    header: 'satellites.heartbeat',
    cell: (satellite) => (
      <time dateTime={satellite.heartbeat_at} title={new Date(satellite.heartbeat_at).toLocaleString()}>
        <FormattedMessage id="satellites.seconds" values={{ seconds: secondsSince(satellite.heartbeat_at) }} />
      </time>
    ),
  },
  {
    id: 'jobs',
    header: 'satellites.jobs',
    cell: (satellite) => (
      <span data-testid="satellite-jobs">
        {satellite.jobs_done}
        {satellite.jobs_failed > 0 ? (
          <span className="muted">
            {' · '}
            <FormattedMessage id="satellites.failed" values={{ count: satellite.jobs_failed }} />
          </span>
        ) : null}
      </span>
    ),
  },
];

function HowTo() {
  const explore = useQuery(satellitesExploreQueryOptions());
  if (!explore.data) return null;
  const { heartbeat_seconds: seconds, offline_after_seconds: offline, environment, command, queues } = explore.data;
  return (
    <details className="card satellite-howto" data-testid="satellites-howto">
      <summary>
        <FormattedMessage id="satellites.howTo" />
      </summary>
      <p className="muted">
        <FormattedMessage id="satellites.howToHint" values={{ seconds, offline }} />
      </p>
      <pre className="satellite-command">{[...Object.entries(environment).map(([key, value]) => `${key}=${value}`), command].join('\n')}</pre>
      <p className="muted">
        <FormattedMessage id="satellites.queues" />: {queues.join(', ')}
      </p>
    </details>
  );
}

export function SatellitesSection() {
  const list = useQuery(satellitesQueryOptions());
  const notOperator = list.error instanceof ApiRequestError && list.error.status === 403;
  return (
    <IntegrationSection id="satellites" title="satellites.title" hint="satellites.hint">
      {notOperator ? (
        <p className="muted" data-testid="satellites-operators-only">
          <FormattedMessage id="satellites.operatorsOnly" />
        </p>
      ) : (
        <ListBody
          label="satellites.title"
          query={list}
          columns={columns}
          rowKey={(satellite) => satellite.id}
          rowTestId="satellite-row"
          rowAttributes={(satellite) => ({ 'data-id': satellite.id, 'data-status': satellite.status })}
          rowActions={{ header: 'satellites.actions', visible: true, cell: (satellite) => <SwitchButton satellite={satellite} /> }}
          empty={<ListEmpty testId="satellites-empty" icon={<Server />} title="satellites.none" hint="satellites.noneHint" />}
        />
      )}
      <HowTo />
    </IntegrationSection>
  );
}
