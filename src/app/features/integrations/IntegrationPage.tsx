// /admin/integrations/:id: an integration's details (what it is, the permissions it adds, its pages),
// its settings, and deactivate or activate after a confirmation (docs/integrations.md).
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { integrationCatalogueQueryOptions, integrationsQueryOptions } from '../../../../renderers/data/integrations';
import { AppLink } from '../../components/AppLink';
import { BackLink, LoadError, Loading, PageHeader, When } from '../iam/ui';
import { ChangeButton, StateBadge, stateOf, useCanChange, useEntryText } from './parts';
import { SettingsForm } from './SettingsForm';
import './integrations.css';

function Details({ entry, installed }: { entry: CatalogueEntry; installed: Integration | undefined }) {
  const text = useEntryText();
  const canChange = useCanChange(entry.id);
  const name = text(entry.id, 'name', entry.name);
  const state = stateOf(entry);
  return (
    <div className="page integration-page" data-testid="integration-page" data-id={entry.id}>
      <PageHeader
        title={
          <span className="integration-title">
            <span data-testid="integration-title">{name}</span> <StateBadge state={state} />
          </span>
        }
      >
        <BackLink href="/admin/integrations" label="integrations.back" />
        {canChange && state === 'active' ? <ChangeButton id={entry.id} name={name} change="deactivate" /> : null}
        {canChange && state === 'deactivated' ? <ChangeButton id={entry.id} name={name} change="activate" primary /> : null}
        {canChange && state === 'notInstalled' ? <ChangeButton id={entry.id} name={name} change="install" primary /> : null}
      </PageHeader>
      <p className="muted integration-description">{text(entry.id, 'description', entry.description)}</p>
      {state === 'deactivated' ? (
        <p className="integration-banner" role="status" data-testid="integration-deactivated-note">
          <FormattedMessage id="integrations.deactivatedNote" />
        </p>
      ) : null}
      <div className="integration-columns">
        <div className="stack">
          <section className="card stack" aria-labelledby="integration-pages">
            <h2 id="integration-pages" className="integration-section-title">
              <FormattedMessage id="integrations.pages" />
            </h2>
            <ul className="integration-pages">
              {entry.pages.map((page) => (
                <li key={page.path}>
                  {state === 'active' ? (
                    <AppLink href={page.path} data-testid="integration-page-link">
                      {text(entry.id, 'name', page.label)}
                    </AppLink>
                  ) : (
                    <span className="muted">{text(entry.id, 'name', page.label)}</span>
                  )}{' '}
                  <code className="integration-path">{page.path}</code>
                </li>
              ))}
            </ul>
          </section>
          <section className="card stack" aria-labelledby="integration-settings">
            <h2 id="integration-settings" className="integration-section-title">
              <FormattedMessage id="integrations.settings" />
            </h2>
            {entry.settings.length === 0 ? (
              <p className="muted" data-testid="integration-no-settings">
                <FormattedMessage id="integrations.noSettings" /> {text(entry.id, 'settingsHint', '')}
              </p>
            ) : (
              <SettingsForm entry={entry} installed={installed} disabled={!canChange || !installed} />
            )}
          </section>
        </div>
        <div className="stack">
          <section className="card stack" aria-labelledby="integration-permissions">
            <h2 id="integration-permissions" className="integration-section-title">
              <FormattedMessage id="integrations.permissions" />
            </h2>
            <ul className="chips integration-permissions" data-testid="integration-permissions">
              {entry.permissions.map((permission) => (
                <li key={permission} className="chip">
                  <code>{permission}</code>
                </li>
              ))}
            </ul>
          </section>
          {installed ? (
            <section className="card" aria-label={name}>
              <dl className="integration-facts">
                <dt>
                  <FormattedMessage id="integrations.onboarded" />
                </dt>
                <dd>
                  <FormattedMessage id={installed.onboarded ? 'common.yes' : 'common.no'} />
                </dd>
                <dt>
                  <FormattedMessage id="integrations.lastChanged" />
                </dt>
                <dd>
                  <When value={installed.updated_at} fallback="integrations.defaultState" />
                </dd>
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function IntegrationPage() {
  const { id = '' } = useParams({ strict: false });
  const catalogue = useQuery(integrationCatalogueQueryOptions());
  const list = useQuery(integrationsQueryOptions());
  if (catalogue.isPending || list.isPending) {
    return (
      <div className="page">
        <Loading />
      </div>
    );
  }
  const error = catalogue.error ?? list.error;
  const entry = catalogue.data?.find((candidate) => candidate.id === id);
  if (error || !entry) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="integrations.title" />}>
          <BackLink href="/admin/integrations" label="integrations.back" />
        </PageHeader>
        {error ? (
          <LoadError error={error} />
        ) : (
          <p className="form-error" role="alert" data-testid="integration-not-found">
            <FormattedMessage id="integrationNotFound" />
          </p>
        )}
      </div>
    );
  }
  return <Details entry={entry} installed={list.data?.find((candidate) => candidate.id === id)} />;
}
