// /admin/integrations: the project's installed integrations, then the catalogue to install or
// activate from (spec sections 2 and 7 "Integration host"; docs/integrations.md), and for admins the
// satellites, the processes that take jobs (docs/satellites.md).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { integrationCatalogueQueryOptions, integrationsQueryOptions } from '../../../../renderers/data/integrations';
import { rolePermissionsQueryOptions } from '../../../../renderers/data/queries';
import { Plug } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListEmpty } from '../../components/list/ListPage';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeader } from '../../components/PageHeader';
import { SatellitesSection } from './SatellitesSection';
import { ChangeButton, IntegrationSection, integrationHref, ServiceBadge, StateBadge, stateOf, useCanChange, useEntryText } from './parts';
import './integrations.css';

function Installed() {
  const text = useEntryText();
  const list = useQuery(integrationsQueryOptions());
  const columns: ListColumn<Integration>[] = [
    {
      id: 'name',
      header: 'integrations.name',
      cell: (integration) => (
        <>
          <AppLink href={integrationHref(integration.id)} className="integration-name">
            {text(integration.id, 'name', integration.name)}
          </AppLink>
          <div className="muted integration-id">{integration.id}</div>
        </>
      ),
    },
    { id: 'state', header: 'integrations.state', cell: (integration) => <StateBadge state={integration.disabled ? 'deactivated' : 'active'} /> },
  ];
  return (
    <ListBody
      label="integrations.installed"
      query={list}
      columns={columns}
      rowKey={(integration) => integration.id}
      rowTestId="integration-row"
      rowAttributes={(integration) => ({ 'data-id': integration.id })}
      rowActions={{
        header: 'integrations.actions',
        visible: true,
        cell: (integration) => (
          <>
            {integration.disabled || !integration.path ? null : (
              <AppLink className="button button-small" href={integration.path} data-testid="integration-open">
                <FormattedMessage id="integrations.open" />
              </AppLink>
            )}
            <AppLink className="button button-small" href={integrationHref(integration.id)} data-testid="integration-details">
              <FormattedMessage id="integrations.details" />
            </AppLink>
          </>
        ),
      }}
      empty={<ListEmpty testId="integrations-empty" icon={<Plug />} title="integrations.none" />}
    />
  );
}

function EntryCard({ entry }: { entry: CatalogueEntry }) {
  const text = useEntryText();
  const canChange = useCanChange(entry.id);
  const name = text(entry.id, 'name', entry.name);
  const state = stateOf(entry);
  return (
    <article className="card integration-card" data-testid="integration-entry" data-id={entry.id} aria-labelledby={`integration-${entry.id}`}>
      <header className="integration-card-head">
        <span className="integration-icon" aria-hidden="true">
          <Plug />
        </span>
        <h3 id={`integration-${entry.id}`}>{name}</h3>
        <StateBadge state={state} />
      </header>
      <p className="muted">{text(entry.id, 'description', entry.description)}</p>
      {entry.default_active || entry.paid || entry.service !== 'ready' ? (
        <p className="integration-note">
          {entry.default_active ? (
            <span className="badge badge-info">
              <FormattedMessage id="integrations.defaultActive" />
            </span>
          ) : null}
          {entry.paid ? (
            <span className="badge badge-neutral">
              <FormattedMessage id="integrations.paid" />
            </span>
          ) : null}
          <ServiceBadge service={entry.service} />
        </p>
      ) : null}
      <div className="integration-card-actions">
        {canChange && state === 'notInstalled' && entry.service !== 'unavailable' ? <ChangeButton id={entry.id} name={name} change="install" primary paid={entry.paid} /> : null}
        {canChange && state === 'deactivated' ? <ChangeButton id={entry.id} name={name} change="activate" primary /> : null}
        <AppLink className="button" href={integrationHref(entry.id)} data-testid="integration-details">
          <FormattedMessage id="integrations.details" />
        </AppLink>
      </div>
    </article>
  );
}

function Explore() {
  const catalogue = useQuery(integrationCatalogueQueryOptions());
  if (catalogue.isPending) return <Loading />;
  if (catalogue.isError) return <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  return (
    <div className="integration-grid" data-testid="integration-catalogue">
      {catalogue.data.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </div>
  );
}

export function IntegrationsPage() {
  const permissions = useQuery(rolePermissionsQueryOptions());
  return (
    <div className="page integrations-page" data-testid="integrations-page">
      <PageHeader title={<FormattedMessage id="integrations.title" />} />
      <p className="muted">
        <FormattedMessage id="integrations.intro" />
      </p>
      {permissions.data && !permissions.data.is_admin ? (
        <p className="muted" data-testid="integrations-only-admins">
          <FormattedMessage id="integrations.onlyAdmins" />
        </p>
      ) : null}
      <IntegrationSection id="integrations-installed" title="integrations.installed" hint="integrations.installedHint">
        <Installed />
      </IntegrationSection>
      <IntegrationSection id="integrations-explore" title="integrations.explore" hint="integrations.exploreHint">
        <Explore />
      </IntegrationSection>
      {permissions.data?.is_admin ? <SatellitesSection /> : null}
    </div>
  );
}
