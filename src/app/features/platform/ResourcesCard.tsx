// The dashboard's resources card (admins): GET /v1/system/resources, what the project holds and the
// limits it counts against (docs/platform.md "Resources").
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { FormattedMessage } from 'react-intl';
import { resourcesApi } from '../../../../runtime/client/config';
import type { ProjectResources } from '../../../../runtime/api/resources';
import { formatSize } from '../media/rules';

function rows(resources: ProjectResources): [string, string][] {
  return [
    ['resources.components', String(resources.components)],
    ['resources.records', String(resources.records)],
    ['resources.workflows', String(resources.workflows)],
    ['resources.functions', String(resources.functions)],
    ['resources.sparks', `${resources.sparks.count} / ${resources.sparks.limit}`],
    ['resources.widgets', String(resources.widgets)],
    ['resources.apps', String(resources.apps)],
    ['resources.publicApps', `${resources.public_apps.count} / ${resources.public_apps.limit}`],
    ['resources.media', `${resources.media.libraries} · ${resources.media.files} · ${formatSize(resources.media.bytes)}`],
    ['resources.users', String(resources.users)],
    ['resources.apiUsers', String(resources.api_users)],
  ];
}

export function ResourcesCard() {
  const resources = useQuery({ queryKey: ['system', 'resources'], queryFn: ({ signal }) => resourcesApi.get(signal), retry: false });
  return (
    <section className="card" data-testid="dashboard-resources">
      <h2 className="card-title">
        <FormattedMessage id="resources.title" />
      </h2>
      {resources.isPending ? <div className="skeleton" aria-busy="true" /> : null}
      {resources.isError ? (
        <p className="form-error">
          <FormattedMessage id="dashboard.loadFailed" />
        </p>
      ) : null}
      {resources.data ? (
        <dl className="details">
          {rows(resources.data).map(([label, value]) => (
            <Fragment key={label}>
              <dt>
                <FormattedMessage id={label} />
              </dt>
              <dd data-testid={label}>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
