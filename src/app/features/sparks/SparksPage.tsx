// /admin/spark: the project's sparks with the release each environment runs and their last invocation.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sparksQueryOptions } from '../../../../renderers/data/sparks';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Sparkles } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import { LoadError, Loading, PageHeader, When } from '../iam/ui';
import { sparkHref, VersionBadge } from './parts';

function CreateLink({ primary }: { primary?: boolean }) {
  return (
    <AppLink className={`button${primary ? ' button-primary' : ''}`} href="/admin/spark/create" data-testid={primary ? 'spark-create' : undefined}>
      <FormattedMessage id="sparks.new" />
    </AppLink>
  );
}

export function SparksPage() {
  const intl = useIntl();
  const sparks = useQuery(sparksQueryOptions());
  // Spec section 8: a spark list failure gives an error toast (the page says it too).
  useEffect(() => {
    if (sparks.isError) showToast('sparkListFailed', 'danger');
  }, [sparks.isError]);
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="sparks.title" />}>
        <CreateLink primary />
      </PageHeader>
      <p className="muted">
        <FormattedMessage id="sparks.intro" />
      </p>
      <section data-testid="spark-list">
        {sparks.isPending ? (
          <Loading />
        ) : sparks.isError ? (
          <LoadError error={sparks.error} />
        ) : sparks.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="spark-empty" icon={<Sparkles />} title={<FormattedMessage id="sparks.empty" />} hint={<FormattedMessage id="sparks.emptyHint" />} />
            <div className="center">
              <CreateLink />
            </div>
          </div>
        ) : (
          <div className="card table-card">
            <table className="table" aria-label={intl.formatMessage({ id: 'sparks.title' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="sparks.name" /></th>
                  <th scope="col"><FormattedMessage id="sparks.dev" /></th>
                  <th scope="col"><FormattedMessage id="sparks.live" /></th>
                  <th scope="col"><FormattedMessage id="sparks.lastInvocation" /></th>
                </tr>
              </thead>
              <tbody>
                {sparks.data.map((spark) => (
                  <tr key={spark.uuid} data-testid="spark-row" data-name={spark.name}>
                    <td>
                      <AppLink href={sparkHref(spark.uuid)}>{spark.name}</AppLink>
                      {spark.description ? <div className="muted spark-description">{spark.description}</div> : null}
                    </td>
                    <td><VersionBadge version={spark.dev_version} /></td>
                    <td><VersionBadge version={spark.live_version} tone="success" /></td>
                    <td><When value={spark.last_invoked_at} fallback="sparks.never" /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
