// /admin/components: every component of the project, with its versions and switches, and a way to
// its records (in the environment that has a version) and its settings.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentsQueryOptions } from '../../../../../renderers/data/components';
import { type Component } from '../../../../../runtime/client/components';
import { errorDisplay } from '../../../../../runtime/client/errorMessage';
import { AppLink } from '../../../components/AppLink';
import { EmptyState } from '../../../../../renderers/ui/EmptyState';
import { Message } from '../../../../../renderers/ui/Message';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { truncateListItem } from '../../../../../renderers/ui/truncate';
import { componentLabel, settingsPath } from '../../../../../renderers/ui/componentLabel';
import { Blocks } from '../../../../../renderers/ui/icons';
import { RecordsLink } from '../RecordsLink';

/** A 500 already opened the report modal; the page still says something went wrong. */
function shownKey(error: unknown): string {
  const shown = errorDisplay(error);
  return shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey;
}

function CreateLink({ primary }: { primary?: boolean }) {
  return (
    <AppLink className={`button${primary ? ' button-primary' : ''}`} href="/admin/components/create" data-testid="component-create-link">
      <FormattedMessage id="cmp.list.create" />
    </AppLink>
  );
}

function Versions({ component }: { component: Component }) {
  return (
    <span className="chips">
      {component.versions.map((v) => (
        <span key={v} className="chip">
          {v}
          {component.dev_version === v ? <span className="badge badge-info">dev</span> : null}
          {component.public_version === v ? <span className="badge badge-success">live</span> : null}
        </span>
      ))}
    </span>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className={`badge badge-${on ? 'success' : 'neutral'}`}>
      <FormattedMessage id={label} />
    </span>
  );
}

function Row({ component }: { component: Component }) {
  const locale = useStore(localeStore);
  return (
    <tr data-testid="component-row">
      <td>
        <AppLink href={settingsPath(component.ref)} title={component.name}>
          {truncateListItem(component.name)}
        </AppLink>
      </td>
      <td>{componentLabel(component, locale)}</td>
      <td>{component.scope ?? <span className="muted">—</span>}</td>
      <td>{component.tag ?? <span className="muted">—</span>}</td>
      <td>
        <Versions component={component} />
      </td>
      <td>
        <span className="chips">
          <Flag on={component.is_active} label={component.is_active ? 'cmp.active' : 'cmp.inactive'} />
          <Flag on={component.is_public} label={component.is_public ? 'cmp.public' : 'cmp.private'} />
        </span>
      </td>
      <td>
        <span className="row-actions">
          <RecordsLink component={component} />
          <AppLink className="button button-small" href={settingsPath(component.ref)}>
            <FormattedMessage id="cmp.list.settings" />
          </AppLink>
        </span>
      </td>
    </tr>
  );
}

export function ComponentsListPage() {
  const intl = useIntl();
  const query = useQuery(componentsQueryOptions());
  return (
    <div className="page" data-testid="components-list">
      <header className="page-header page-header-row">
        <h1>
          <FormattedMessage id="cmp.list.title" />
        </h1>
        <CreateLink primary />
      </header>
      {query.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : query.isError ? (
        <p className="form-error" role="alert">
          <Message value={shownKey(query.error)} />
        </p>
      ) : query.data.length === 0 ? (
        <div className="card">
          <EmptyState testId="components-empty" icon={<Blocks />} title={<FormattedMessage id="noComponents" />} hint={<FormattedMessage id="cmp.list.emptyHint" />} />
          <div className="center">
            <CreateLink />
          </div>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label={intl.formatMessage({ id: 'cmp.list.title' })}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="cmp.name" /></th>
                <th scope="col"><FormattedMessage id="cmp.label" /></th>
                <th scope="col"><FormattedMessage id="cmp.scope" /></th>
                <th scope="col"><FormattedMessage id="cmp.tag" /></th>
                <th scope="col"><FormattedMessage id="cmp.versions" /></th>
                <th scope="col"><FormattedMessage id="cmp.status" /></th>
                <th scope="col"><span className="visually-hidden"><FormattedMessage id="cmp.list.settings" /></span></th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((c) => (
                <Row key={c.uuid} component={c} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
