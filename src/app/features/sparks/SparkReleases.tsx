// A spark's releases: cut one from the saved draft with a note, and deploy one to dev or live
// (live asks first: live callers run it at once). Releases never change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SPARK_NOTE_MAX, type Spark, type SparkEnv } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys } from '../../../../renderers/data/sparks';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog, FailureText, failureSummary, When } from '../iam/ui';

export function SparkReleases({ spark, draftDirty = false }: { spark: Spark; draftDirty?: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const noteId = useId();
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
    mutationFn: ({ env, version }: { env: SparkEnv; version: number | null }) => sparksApi.deploy(spark.uuid, env, version),
    onSuccess: (saved, { env }) => {
      settle(saved);
      setConfirmLive(null);
      showToast('sparks.deployed', 'success', undefined, { env });
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  return (
    <section className="card stack" aria-labelledby="spark-releases-title" data-testid="spark-releases">
      <h2 id="spark-releases-title" className="spark-section-title">
        <FormattedMessage id="sparks.releases" />
      </h2>
      <form
        className="row spark-release-form"
        onSubmit={(e) => {
          e.preventDefault();
          release.mutate();
        }}
      >
        <div className="field grow">
          <label className="field-label" htmlFor={noteId}>
            <FormattedMessage id="sparks.note" />
          </label>
          <input id={noteId} maxLength={SPARK_NOTE_MAX} data-testid="spark-note" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary" data-testid="spark-release" disabled={release.isPending}>
          <FormattedMessage id="sparks.cutRelease" values={{ version: next }} />
        </button>
      </form>
      {draftDirty ? (
        <p className="muted" data-testid="spark-release-unsaved">
          <FormattedMessage id="sparks.releaseFromSaved" />
        </p>
      ) : null}
      <FailureText message={failure} />
      {spark.releases.length === 0 ? (
        <p className="muted" data-testid="spark-no-releases">
          <FormattedMessage id="sparks.noReleases" />
        </p>
      ) : (
        <ul className="spark-releases" aria-label={intl.formatMessage({ id: 'sparks.releases' })}>
          {spark.releases.map((r) => (
            <li key={r.version} className="spark-release" data-testid="spark-release-row" data-version={r.version}>
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
                    <button key={env} type="button" className="button button-small button-ghost" data-testid={`spark-withdraw-${env}`} onClick={() => deploy.mutate({ env, version: null })}>
                      <FormattedMessage id="sparks.withdraw" values={{ env }} />
                    </button>
                  ) : (
                    <button
                      key={env}
                      type="button"
                      className="button button-small"
                      data-testid={`spark-deploy-${env}`}
                      disabled={deploy.isPending}
                      onClick={() => (env === 'live' ? setConfirmLive(r.version) : deploy.mutate({ env, version: r.version }))}
                    >
                      <FormattedMessage id="sparks.deployTo" values={{ env }} />
                    </button>
                  ),
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmLive !== null}
        title={<FormattedMessage id="sparks.deployTo" values={{ env: 'live' }} />}
        confirmLabel={<FormattedMessage id="sparks.deployTo" values={{ env: 'live' }} />}
        onConfirm={() => confirmLive !== null && deploy.mutate({ env: 'live', version: confirmLive })}
        onClose={() => setConfirmLive(null)}
        pending={deploy.isPending}
      >
        <FormattedMessage id="sparks.deployLiveConfirm" values={{ version: confirmLive ?? 0 }} />
      </ConfirmDialog>
    </section>
  );
}
