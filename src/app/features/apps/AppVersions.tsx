// An app's versions (docs/apps.md): fork one into a new name, deploy one to dev or live (live asks
// first: every live user sees it at once), remove one no environment shows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { App, AppEnv } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { invalidateApps } from '../../../../renderers/data/apps';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FailureText, failureSummary } from '../../components/form/failure';
import { nextVersionName } from './parts';

type Call = { kind: 'fork'; from: string } | { kind: 'publish'; env: AppEnv; version: string } | { kind: 'remove'; version: string };

function run(app: App, call: Call): Promise<unknown> {
  if (call.kind === 'fork') return appsApi.fork(app.uuid, call.from, nextVersionName(app.versions));
  if (call.kind === 'publish') return appsApi.publish(app.uuid, call.env, call.version);
  return appsApi.removeVersion(app.uuid, call.version);
}

function VersionRow({ app, version, pending, onCall }: { app: App; version: string; pending: boolean; onCall: (call: Call) => void }) {
  return (
    <li className="app-version" data-testid="app-version-row" data-version={version}>
      <strong>{version}</strong>
      {app.dev_version === version ? <span className="badge badge-info">dev</span> : null}
      {app.public_version === version ? <span className="badge badge-success">live</span> : null}
      <span className="grow" />
      <button type="button" className="button button-small" disabled={pending} data-testid="app-version-fork" onClick={() => onCall({ kind: 'fork', from: version })}>
        <FormattedMessage id="apps.fork" />
      </button>
      {app.dev_version !== version ? (
        <button type="button" className="button button-small" disabled={pending} data-testid="app-deploy-dev" onClick={() => onCall({ kind: 'publish', env: 'dev', version })}>
          <FormattedMessage id="apps.deployDev" />
        </button>
      ) : null}
      {app.public_version !== version ? (
        <button type="button" className="button button-small" disabled={pending} data-testid="app-deploy-live" onClick={() => onCall({ kind: 'publish', env: 'live', version })}>
          <FormattedMessage id="apps.deployLive" />
        </button>
      ) : null}
      {app.dev_version !== version && app.public_version !== version ? (
        <button type="button" className="button button-small button-ghost" disabled={pending} data-testid="app-version-remove" onClick={() => onCall({ kind: 'remove', version })}>
          <FormattedMessage id="apps.remove" />
        </button>
      ) : null}
    </li>
  );
}

export function AppVersions({ app }: { app: App }) {
  const queryClient = useQueryClient();
  const [confirmLive, setConfirmLive] = useState<string | null>(null);
  const call = useMutation({
    mutationFn: (next: Call) => run(app, next),
    onSuccess: async (_answer, done) => {
      setConfirmLive(null);
      await invalidateApps(queryClient);
      showToast(done.kind === 'publish' ? 'apps.deployed' : 'apps.saved', 'success', undefined, done.kind === 'publish' ? { env: done.env, version: done.version } : undefined);
    },
  });
  const onCall = (next: Call) => (next.kind === 'publish' && next.env === 'live' ? setConfirmLive(next.version) : call.mutate(next));
  return (
    <section className="card stack" aria-labelledby="app-versions-title" data-testid="app-versions">
      <h2 id="app-versions-title" className="card-title">
        <FormattedMessage id="apps.versions" />
      </h2>
      <FailureText message={call.isError ? failureSummary(call.error) : null} />
      <ul className="app-versions">
        {app.versions.map((version) => (
          <VersionRow key={version} app={app} version={version} pending={call.isPending} onCall={onCall} />
        ))}
      </ul>
      <ConfirmDialog
        open={confirmLive !== null}
        title={<FormattedMessage id="apps.deployLive" />}
        confirmLabel={<FormattedMessage id="apps.deployLive" />}
        onConfirm={() => confirmLive !== null && call.mutate({ kind: 'publish', env: 'live', version: confirmLive })}
        onClose={() => setConfirmLive(null)}
        pending={call.isPending}
      >
        <FormattedMessage id="apps.deployLiveConfirm" values={{ version: confirmLive ?? '' }} />
      </ConfirmDialog>
    </section>
  );
}
