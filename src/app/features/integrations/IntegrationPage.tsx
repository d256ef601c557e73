// /admin/integrations/:id: an integration's details (what it is, the permissions it adds, its pages),
// its settings, and deactivate or activate after a confirmation (docs/integrations.md).
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { integrationCatalogueQueryOptions, integrationsQueryOptions } from '../../../../renderers/data/integrations';
import { AppLink } from '../../components/AppLink';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { When } from '../../components/When';
import { ChangeButton, ServiceBadge, StateBadge, stateOf, useCanChange, useEntryText, type IntegrationState } from './parts';
import { OnboardingSection } from './Onboarding';
import { SettingsForm } from './SettingsForm';
import './integrations.css';

type EntryText = ReturnType<typeof useEntryText>;

/** The heading: the name and state, the way back, and the change the viewer may make. */
function DetailsHeader({ entry, name, state }: { entry: CatalogueEntry; name: string; state: IntegrationState }) {
  const canChange = useCanChange(entry.id);
  return (
    <PageHeader
      title={
        <span className="integration-title">
          <span data-testid="integration-title">{name}</span> <StateBadge state={state} /> <ServiceBadge service={entry.service} />
        </span>
      }
    >
      <BackLink href="/admin/integrations" label="integrations.back" />
      {canChange && state === 'active' ? <ChangeButton id={entry.id} name={name} change="deactivate" /> : null}
      {canChange && state === 'deactivated' ? <ChangeButton id={entry.id} name={name} change="activate" primary /> : null}
      {canChange && state === 'notInstalled' && entry.service !== 'unavailable' ? <ChangeButton id={entry.id} name={name} change="install" primary paid={entry.paid} /> : null}
    </PageHeader>
  );
}

/** A titled card of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id} className="integration-section-title">
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

/** The pages the integration adds: links while it is active. */
function PagesList({ entry, state, text }: { entry: CatalogueEntry; state: IntegrationState; text: EntryText }) {
  return (
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
  );
}

/** When the installed integration last changed, and whether it is onboarded. */
function InstalledFacts({ installed, name }: { installed: Integration; name: string }) {
  return (
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
  );
}

function Details({ entry, installed }: { entry: CatalogueEntry; installed: Integration | undefined }) {
  const text = useEntryText();
  const canChange = useCanChange(entry.id);
  const name = text(entry.id, 'name', entry.name);
  const state = stateOf(entry);
  return (
    <div className="page integration-page" data-testid="integration-page" data-id={entry.id}>
      <DetailsHeader entry={entry} name={name} state={state} />
      <p className="muted integration-description">{text(entry.id, 'description', entry.description)}</p>
      {entry.service !== 'ready' ? (
        <p className="integration-banner" role="status" data-testid="integration-service-note">
          <FormattedMessage id={`integrations.serviceNote.${entry.service}`} />
        </p>
      ) : null}
      {state === 'deactivated' ? (
        <p className="integration-banner" role="status" data-testid="integration-deactivated-note">
          <FormattedMessage id="integrations.deactivatedNote" />
        </p>
      ) : null}
      <div className="integration-columns">
        <div className="stack">
          {entry.pages.length > 0 ? (
            <Section id="integration-pages" title="integrations.pages">
              <PagesList entry={entry} state={state} text={text} />
            </Section>
          ) : null}
          {entry.onboarding && installed && state === 'active' ? <OnboardingSection entry={entry} installed={installed} name={name} canChange={canChange} /> : null}
          <Section id="integration-settings" title="integrations.settings">
            {Object.keys(entry.settings_schema.properties).length === 0 ? (
              <p className="muted" data-testid="integration-no-settings">
                <FormattedMessage id="integrations.noSettings" /> {text(entry.id, 'settingsHint', '')}
              </p>
            ) : (
              <SettingsForm entry={entry} installed={installed} disabled={!canChange || !installed || entry.service === 'unavailable'} />
            )}
          </Section>
        </div>
        <div className="stack">
          <Section id="integration-permissions" title="integrations.permissions">
            <ul className="chips integration-permissions" data-testid="integration-permissions">
              {entry.permissions.map((permission) => (
                <li key={permission} className="chip">
                  <code>{permission}</code>
                </li>
              ))}
            </ul>
          </Section>
          {installed ? <InstalledFacts installed={installed} name={name} /> : null}
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
