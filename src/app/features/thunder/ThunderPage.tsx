// /admin/thunder/:name: one data set (docs/thunder.md): its status with size, last and next build and
// the last failure, a rebuild button; its definition (saved with PUT, which rebuilds it); a preview of
// the stored result; the build log, newest first; and its removal after a question (refused while a
// widget shows it: the server's thunderInUse).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Fragment } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ThunderDetail } from '../../../../runtime/api/thunder';
import { thunderApi } from '../../../../runtime/client/thunder';
import { Message } from '../../../../renderers/ui/Message';
import { EditFormPage } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { formatSize } from '../media/rules';
import { thunderDataQueryOptions, thunderKeys, thunderSetQueryOptions } from './data';
import { DefinitionCard, Size, StatusBadge, When } from './parts';
import '../widgets/widgets.css';
import './thunder.css';

const PREVIEW_ROWS = 20;

function StatusCard({ set }: { set: ThunderDetail }) {
  const client = useQueryClient();
  const rebuild = useMutation({
    mutationFn: () => thunderApi.rebuild(set.name),
    onSuccess: () => client.invalidateQueries({ queryKey: thunderKeys.all }),
  });
  return (
    <section className="card thunder-status" aria-labelledby="thunder-status-title" aria-live="polite">
      <div className="thunder-status-head">
        <h2 className="card-title" id="thunder-status-title">
          <FormattedMessage id="thunder.statusHeader" />
        </h2>
        <StatusBadge set={set} />
        <button type="button" className="button" data-testid="thunder-rebuild" disabled={rebuild.isPending || set.queued} onClick={() => rebuild.mutate()}>
          <FormattedMessage id="thunder.rebuild" />
        </button>
      </div>
      <dl className="thunder-facts">
        <dt><FormattedMessage id="thunder.size" /></dt>
        <dd data-testid="thunder-size"><Size set={set} /></dd>
        <dt><FormattedMessage id="thunder.lastBuild" /></dt>
        <dd><When at={set.built_at} none="thunder.never" /></dd>
        <dt><FormattedMessage id="thunder.nextBuild" /></dt>
        <dd><When at={set.next_build_at} none={set.rebuild_on_change && set.source === 'component' ? 'thunder.onChange' : 'thunder.noSchedule'} /></dd>
      </dl>
      {set.status === 'failed' && set.error ? (
        <p className="form-error" role="alert" data-testid="thunder-error">
          <Message value={set.error.split(': ')[0]!} />
          {set.error.includes(': ') ? <span className="muted"> {set.error.slice(set.error.indexOf(': ') + 2)}</span> : null}
        </p>
      ) : null}
    </section>
  );
}

function Preview({ set }: { set: ThunderDetail }) {
  // Read again after each build (its time is part of the key).
  const data = useQuery(thunderDataQueryOptions(set.name, set.built_at));
  const items = data.data?.items ?? [];
  const keys = [...new Set(items.slice(0, PREVIEW_ROWS).flatMap((item) => Object.keys(item)))];
  return (
    <section className="card" aria-labelledby="thunder-preview-title" data-testid="thunder-preview">
      <h2 className="card-title" id="thunder-preview-title">
        <FormattedMessage id="thunder.preview" />
      </h2>
      {data.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : items.length === 0 ? (
        <p className="muted"><FormattedMessage id="thunder.previewEmpty" /></p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>{keys.map((key) => <th key={key} scope="col">{key}</th>)}</tr>
            </thead>
            <tbody>
              {items.slice(0, PREVIEW_ROWS).map((item, index) => (
                <tr key={index}>{keys.map((key) => <td key={key}>{item[key] === null || item[key] === undefined ? '' : typeof item[key] === 'object' ? JSON.stringify(item[key]) : String(item[key])}</td>)}</tr>
              ))}
            </tbody>
          </table>
          {items.length > PREVIEW_ROWS ? <p className="muted small"><FormattedMessage id="thunder.previewMore" values={{ shown: PREVIEW_ROWS, total: items.length }} /></p> : null}
        </div>
      )}
    </section>
  );
}

function BuildLog({ set }: { set: ThunderDetail }) {
  return (
    <section className="card" aria-labelledby="thunder-log-title" data-testid="thunder-log">
      <h2 className="card-title" id="thunder-log-title">
        <FormattedMessage id="thunder.log" />
      </h2>
      {set.builds.length === 0 ? (
        <p className="muted"><FormattedMessage id="thunder.logEmpty" /></p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="thunder.log.started" /></th>
                <th scope="col"><FormattedMessage id="thunder.log.trigger" /></th>
                <th scope="col"><FormattedMessage id="thunder.statusHeader" /></th>
                <th scope="col"><FormattedMessage id="thunder.size" /></th>
                <th scope="col"><FormattedMessage id="thunder.log.ms" /></th>
              </tr>
            </thead>
            <tbody>
              {set.builds.map((build) => (
                <tr key={build.uuid} data-testid="thunder-build" data-status={build.status}>
                  <td className="nowrap"><When at={build.started_at} none="thunder.never" /></td>
                  <td><FormattedMessage id={`thunder.trigger.${build.trigger}`} /></td>
                  <td>
                    <StatusBadge set={{ status: build.status, queued: false }} testId="thunder-build-status" />
                    {build.error ? <div className="muted small"><Message value={build.error.split(': ')[0]!} /></div> : null}
                  </td>
                  <td className="nowrap muted">{build.rows === null ? '' : <FormattedMessage id="thunder.sizeOf" values={{ rows: build.rows, size: formatSize(build.size_bytes ?? 0) }} />}</td>
                  <td className="muted">{build.ms ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RemoveSet({ set }: { set: ThunderDetail }) {
  return (
    <RemoveButton
      label={<FormattedMessage id="thunder.remove" />}
      title={<FormattedMessage id="thunder.removeTitle" />}
      testId="thunder-remove"
      className="button button-ghost danger"
      remove={() => thunderApi.remove(set.name)}
      toast="thunder.removed"
      forget={(client) => {
        client.removeQueries({ queryKey: thunderKeys.one(set.name) });
        return client.invalidateQueries({ queryKey: thunderKeys.all });
      }}
      backTo="/admin/thunder"
    >
      <FormattedMessage id="thunder.removeConfirm" values={{ name: <strong>{set.name}</strong> }} />
    </RemoveButton>
  );
}

export function ThunderPage() {
  const { name = '' } = useParams({ strict: false });
  const query = useQuery(thunderSetQueryOptions(name));
  return (
    <EditFormPage query={query} title={(set) => set?.name ?? name} back={{ href: '/admin/thunder', label: 'thunder.back' }} className="page-thunder">
      {(set) => (
        <div className="thunder-page stack">
          <StatusCard set={set} />
          <Fragment key={set.updated_at}>
            <DefinitionCard existing={set}>
              <RemoveSet set={set} />
            </DefinitionCard>
          </Fragment>
          <Preview set={set} />
          <BuildLog set={set} />
        </div>
      )}
    </EditFormPage>
  );
}
