// A spark's releases: cut one from the saved draft with a note, and deploy one to dev or live
// (live asks first: live callers run it at once). Releases never change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SPARK_NOTE_MAX, type Spark, type SparkEnv, type SparkRelease } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys } from '../../../../renderers/data/sparks';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FailureText, failureSummary } from '../../components/form/failure';
import { When } from '../../components/When';

type Deploy = { env: SparkEnv; version: number | null };

/** Cutting a release (its note cleared after) and deploying one; both keep the saved spark in the cache. */
function useReleaseCalls(spark: Spark) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmLive, setConfirmLive] = useState<number | null>(null);
  const next = (spark.latest_version ?? 0) + 1;
  const settle = (saved: Spark) => {
    queryClient.setQueryData(sparkKeys.one(spark.uuid), saved);
    void queryClient.invalidateQueries({ queryKey: sparkKeys.list });
    setFailure(null);
  };
  const release = useMutation({
    mutationFn: () => sparksApi.release(spark.uuid, next, note.trim()),
    onSuccess: (saved) => {
      settle(saved);
      setNote('');
      showToast('sparks.released', 'success', undefined, { version: next });
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  const deploy = useMutation({
    mutationFn: ({ env, version }: Deploy) => sparksApi.deploy(spark.uuid, env, version),
    onSuccess: (saved, { env }) => {
      settle(saved);
      setConfirmLive(null);
      showToast('sparks.deployed', 'success', undefined, { env });
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  return { next, note, setNote, failure, confirmLive, setConfirmLive, release, deploy };
}

function ReleaseForm({ next, note, onNote, onCut, pending }: { next: number; note: string; onNote: (note: string) => void; onCut: () => void; pending: boolean }) {
  const noteId = useId();
  return (
    <form
      className="row spark-release-form"
      onSubmit={(e) => {
        e.preventDefault();
        onCut();
      }}
    >
      <div className="field grow">
        <label className="field-label" htmlFor={noteId}>
          <FormattedMessage id="sparks.note" />
        </label>
        <input id={noteId} maxLength={SPARK_NOTE_MAX} data-testid="spark-note" value={note} onChange={(e) => onNote(e.target.value)} />
      </div>
      <button type="submit" className="button button-primary" data-testid="spark-release" disabled={pending}>
        <FormattedMessage id="sparks.cutRelease" values={{ version: next }} />
      </button>
    </form>
  );
}

/** One release: its badges and note, and per environment a withdraw (where it is deployed) or a deploy. */
function ReleaseRow({ spark, release, deploying, onDeploy }: { spark: Spark; release: SparkRelease; deploying: boolean; onDeploy: (deploy: Deploy) => void }) {
  const r = release;
  return (
    <li className="spark-release" data-testid="spark-release-row" data-version={r.version}>
      <div className="spark-release-head">
        <strong>
          <FormattedMessage id="sparks.version" values={{ version: r.version }} />
        </strong>
        {spark.dev_version === r.version ? <span className="badge badge-info">dev</span> : null}
        {spark.live_version === r.version ? <span className="badge badge-success">live</span> : null}
        <span className="muted">
          <When value={r.created_at} />
        </span>
      </div>
      {r.note ? <div className="spark-release-note">{r.note}</div> : null}
      <div className="spark-release-actions">
        {(['dev', 'live'] as const).map((env) =>
          (env === 'dev' ? spark.dev_version : spark.live_version) === r.version ? (
            <button key={env} type="button" className="button button-small button-ghost" data-testid={`spark-withdraw-${env}`} onClick={() => onDeploy({ env, version: null })}>
              <FormattedMessage id="sparks.withdraw" values={{ env }} />
            </button>
          ) : (
            <button key={env} type="button" className="button button-small" data-testid={`spark-deploy-${env}`} disabled={deploying} onClick={() => onDeploy({ env, version: r.version })}>
              <FormattedMessage id="sparks.deployTo" values={{ env }} />
            </button>
          ),
        )}
      </div>
    </li>
  );
}

export function SparkReleases({ spark, draftDirty = false }: { spark: Spark; draftDirty?: boolean }) {
  const intl = useIntl();
  const calls = useReleaseCalls(spark);
  const { deploy, confirmLive } = calls;
  // Live callers run a deployed release at once: deploying to live asks first.
  const onDeploy = (target: Deploy) => (target.env === 'live' && target.version !== null ? calls.setConfirmLive(target.version) : deploy.mutate(target));
  return (
    <section className="card stack" aria-labelledby="spark-releases-title" data-testid="spark-releases">
      <h2 id="spark-releases-title" className="spark-section-title">
        <FormattedMessage id="sparks.releases" />
      </h2>
      <ReleaseForm next={calls.next} note={calls.note} onNote={calls.setNote} onCut={() => calls.release.mutate()} pending={calls.release.isPending} />
      {draftDirty ? (
        <p className="muted" data-testid="spark-release-unsaved">
          <FormattedMessage id="sparks.releaseFromSaved" />
        </p>
      ) : null}
      <FailureText message={calls.failure} />
      {spark.releases.length === 0 ? (
        <p className="muted" data-testid="spark-no-releases">
          <FormattedMessage id="sparks.noReleases" />
        </p>
      ) : (
        <ul className="spark-releases" aria-label={intl.formatMessage({ id: 'sparks.releases' })}>
          {spark.releases.map((r) => (
            <ReleaseRow key={r.version} spark={spark} release={r} deploying={deploy.isPending} onDeploy={onDeploy} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmLive !== null}
        title={<FormattedMessage id="sparks.deployTo" values={{ env: 'live' }} />}
        confirmLabel={<FormattedMessage id="sparks.deployTo" values={{ env: 'live' }} />}
        onConfirm={() => confirmLive !== null && deploy.mutate({ env: 'live', version: confirmLive })}
        onClose={() => calls.setConfirmLive(null)}
        pending={deploy.isPending}
      >
        <FormattedMessage id="sparks.deployLiveConfirm" values={{ version: confirmLive ?? 0 }} />
      </ConfirmDialog>
    </section>
  );
}
