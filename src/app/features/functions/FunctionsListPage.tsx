// /admin/functions: the project's global functions (name, description, public or not, API user),
// each opening its editor; an empty state leads to the first one.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { SquareFunction } from '../../../../renderers/ui/icons';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { AppLink } from '../../components/AppLink';
import { LoadError, Loading, PageHeader } from '../iam/ui';
import { functionHref, functionsQueryOptions } from './data';
import './functions.css';

function CreateLink({ primary }: { primary?: boolean }) {
  return (
    <AppLink className={`button${primary ? ' button-primary' : ''}`} href="/admin/functions/create" data-testid={primary ? 'functions-create' : undefined}>
      <FormattedMessage id="fn.list.create" />
    </AppLink>
  );
}

export function FunctionsListPage() {
  const intl = useIntl();
  const functions = useQuery(functionsQueryOptions());
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="fn.list.title" />}>
        <CreateLink primary />
      </PageHeader>
      <p className="muted">
        <FormattedMessage id="fn.list.intro" />
      </p>
      <section data-testid="functions-list">
        {functions.isPending ? (
          <Loading />
        ) : functions.isError ? (
          <LoadError error={functions.error} />
        ) : functions.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="functions-empty" icon={<SquareFunction />} title={<FormattedMessage id="fn.list.empty" />} />
            <div className="center">
              <CreateLink />
            </div>
          </div>
        ) : (
          <div className="card table-card">
            <table className="table" aria-label={intl.formatMessage({ id: 'fn.list.title' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="fn.name" /></th>
                  <th scope="col"><FormattedMessage id="fn.description" /></th>
                  <th scope="col"><FormattedMessage id="fn.publicUrl" /></th>
                  <th scope="col"><FormattedMessage id="fn.apiUser" /></th>
                </tr>
              </thead>
              <tbody>
                {functions.data.map((fn) => (
                  <tr key={fn.uuid} data-testid="function-row" data-uuid={fn.uuid}>
                    <td>
                      <AppLink href={functionHref(fn.uuid)} title={fn.name}>
                        {truncateListItem(fn.name)}
                      </AppLink>
                    </td>
                    <td className="muted">{truncateListItem(fn.description)}</td>
                    <td className="function-url">
                      {fn.public ? <code>/api{fn.public_path}</code> : <span className="muted"><FormattedMessage id="fn.notPublic" /></span>}
                    </td>
                    <td>{fn.api_user_name ?? <span className="muted"><FormattedMessage id="fn.noApiUser" /></span>}</td>
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
