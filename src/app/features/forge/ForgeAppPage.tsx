// /admin/forge/:id (docs/forge.md): upload a bundle as a new release, the releases with their files
// and sizes, deploy one (asked first: every user of the app sees it at once), roll back to the release
// live before (asked first), open the app, remove it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FORGE_LIMITS, type ForgeApp, type ForgeRelease } from '../../../../runtime/api/forge';
import { forgeApi } from '../../../../runtime/client/forge';
import { forgeAppQueryOptions, forgeKeys, invalidateForge } from '../../../../renderers/data/forge';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FailureText, failureSummary } from '../../components/form/failure';
import { RemoveButton } from '../../components/form/RemoveButton';
import { LoadError, Loading } from '../../components/LoadState';
import { BackLink, PageHeader } from '../../components/PageHeader';
import './forge.css';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;

function Upload({ app }: { app: ForgeApp }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => forgeApi.upload(app.uuid, chosen),
    onSuccess: async (release) => {
      setFile(null);
      if (input.current) input.current.value = '';
      await invalidateForge(queryClient);
      showToast('forge.uploaded', 'success', undefined, { number: release.number });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  return (
    <form className="card form" onSubmit={submit} data-testid="forge-upload">
      <h2 className="card-title">
        <FormattedMessage id="forge.upload" />
      </h2>
      <p className="muted">
        <FormattedMessage id="forge.uploadHint" values={{ max: FORGE_LIMITS.zipBytes / 1024 / 1024 }} />
      </p>
      <label className="field">
        <span className="field-label">
          <FormattedMessage id="forge.bundle" />
        </span>
        <input ref={input} type="file" accept=".zip,application/zip" data-testid="forge-upload-file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <FailureText message={upload.isError ? failureSummary(upload.error) : null} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!file || upload.isPending} data-testid="forge-upload-save">
          <FormattedMessage id={upload.isPending ? 'forge.uploading' : 'forge.uploadSave'} />
        </button>
      </div>
    </form>
  );
}

type Ask = { kind: 'deploy'; release: ForgeRelease } | { kind: 'rollback' };

function Releases({ app }: { app: ForgeApp }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [ask, setAsk] = useState<Ask | null>(null);
  const act = useMutation({
    mutationFn: (next: Ask) => (next.kind === 'deploy' ? forgeApi.deploy(app.uuid, next.release.uuid) : forgeApi.rollback(app.uuid)),
    onSuccess: async (saved) => {
      setAsk(null);
      queryClient.setQueryData(forgeKeys.one(app.uuid), saved);
      await invalidateForge(queryClient);
      const live = saved.releases.find((release) => release.uuid === saved.live_release);
      showToast('forge.deployed', 'success', undefined, { number: live?.number ?? 0 });
    },
  });
  const previous = app.deploys.slice(1).find((deploy) => deploy.release !== app.live_release);
  return (
    <section className="card stack" aria-labelledby="forge-releases-title" data-testid="forge-releases">
      <div className="forge-releases-head">
        <h2 id="forge-releases-title" className="card-title">
          <FormattedMessage id="forge.releases" />
        </h2>
        <button type="button" className="button button-small" disabled={!previous || act.isPending} data-testid="forge-rollback" onClick={() => setAsk({ kind: 'rollback' })}>
          <FormattedMessage id="forge.rollback" />
        </button>
      </div>
      {app.releases.length === 0 ? (
        <p className="muted" data-testid="forge-releases-empty">
          <FormattedMessage id="forge.noReleases" />
        </p>
      ) : (
        <ul className="forge-releases">
          {app.releases.map((release) => {
            const live = release.uuid === app.live_release;
            return (
              <li key={release.uuid} className="forge-release" data-testid="forge-release" data-number={release.number} data-live={live ? 'true' : 'false'}>
                <div className="forge-release-main">
                  <strong>#{release.number}</strong>
                  {live ? <span className="badge badge-success">live</span> : null}
                  <span className="muted">{intl.formatDate(release.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                </div>
                <div className="forge-release-meta muted">
                  <FormattedMessage id="forge.files" values={{ count: release.files.length, size: kib(release.size) }} />
                </div>
                {live ? null : (
                  <button type="button" className="button button-small button-primary" disabled={act.isPending} data-testid="forge-deploy" onClick={() => setAsk({ kind: 'deploy', release })}>
                    <FormattedMessage id="forge.deploy" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={ask !== null}
        title={<FormattedMessage id={ask?.kind === 'rollback' ? 'forge.rollback' : 'forge.deploy'} />}
        confirmLabel={<FormattedMessage id={ask?.kind === 'rollback' ? 'forge.rollback' : 'forge.deploy'} />}
        onConfirm={() => ask && act.mutate(ask)}
        onClose={() => setAsk(null)}
        pending={act.isPending}
        failure={act.isError ? failureSummary(act.error) : null}
      >
        {ask?.kind === 'deploy' ? (
          <FormattedMessage id="forge.deployConfirm" values={{ number: ask.release.number }} />
        ) : (
          <FormattedMessage id="forge.rollbackConfirm" values={{ number: app.releases.find((release) => release.uuid === previous?.release)?.number ?? 0 }} />
        )}
      </ConfirmDialog>
    </section>
  );
}

export function ForgeAppPage() {
  const { id = '' } = useParams({ strict: false });
  const app = useQuery(forgeAppQueryOptions(id));
  if (app.isPending) return <div className="page"><Loading /></div>;
  const back = <BackLink href="/admin/forge" label="nav.forge" />;
  if (app.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="nav.forge" />}>{back}</PageHeader>
        <LoadError error={app.error} />
      </div>
    );
  }
  const data = app.data;
  return (
    <div className="page stack" data-testid="forge-app-page">
      <PageHeader title={<span data-testid="forge-app-title">{data.label}</span>}>
        {back}
        {data.live_release ? (
          <AppLink className="button" href={`/a/${encodeURIComponent(data.uuid)}`} data-testid="forge-open">
            <FormattedMessage id="forge.open" />
          </AppLink>
        ) : null}
        <RemoveButton
          label={<FormattedMessage id="apps.remove" />}
          testId="forge-remove"
          remove={() => forgeApi.remove(data.uuid)}
          toast="forge.removed"
          forget={(client) => {
            client.removeQueries({ queryKey: forgeKeys.one(data.uuid) });
            return invalidateForge(client);
          }}
          backTo="/admin/forge"
        >
          <FormattedMessage id="forge.removeConfirm" />
        </RemoveButton>
      </PageHeader>
      <p className="muted">
        <FormattedMessage id="forge.name" values={{ name: <code>{data.name}</code> }} />
      </p>
      <Upload app={data} />
      <Releases app={data} />
    </div>
  );
}
