// The integrations' own pages: /admin/integrations/page/$id[/$subPage] and /home/integrations/page/$id
// (spec section 2). luma-media has the media library screen (features/media, its own permission
// checks); every other page checks 'permission {id}' (spec section 6: 'use {id}', admins pass) and that
// the integration is installed and active, then shows its page: luma-invoicing the VAT lookup, the
// others that they are not configured.
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { INVOICING_INTEGRATION_ID } from '../../../../runtime/api/integrations';
import { MEDIA_INTEGRATION_ID } from '../../../../runtime/api/media';
import { canUseIntegration } from '../../../../runtime/permissions/integrationPermission';
import { integrationCatalogueQueryOptions, integrationsQueryOptions } from '../../../../renderers/data/integrations';
import { rolePermissionsQueryOptions } from '../../../../renderers/data/queries';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { MediaPage } from '../media/MediaPage';
import { InvoicingPage } from './InvoicingPage';
import { useEntryText } from './parts';
import './integrations.css';

function Frame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="page integration-own-page" data-testid="integration-own-page">
      <PageHeader title={title} />
      {children}
    </div>
  );
}

function Callout({ id, testId }: { id: string; testId: string }) {
  return (
    <p className="callout callout-warning" role="alert" data-testid={testId}>
      <FormattedMessage id={id} />
    </p>
  );
}

/** Any page but luma-media's: the entry, its state in the project, the viewer's 'use {id}'. */
function OwnPage({ id }: { id: string }) {
  const text = useEntryText();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const catalogue = useQuery(integrationCatalogueQueryOptions());
  const list = useQuery(integrationsQueryOptions());
  const permissions = useQuery(rolePermissionsQueryOptions());
  if (catalogue.isPending || list.isPending || permissions.isPending) return <Frame title={<FormattedMessage id="integrations.title" />}><Loading /></Frame>;
  const error = catalogue.error ?? list.error ?? permissions.error;
  if (error || !catalogue.data || !list.data) return <Frame title={<FormattedMessage id="integrations.title" />}><LoadError error={error} /></Frame>;
  const entry = catalogue.data.find((candidate) => candidate.id === id);
  if (!entry) return <Frame title={<FormattedMessage id="integrations.title" />}><Callout id="integrationNotFound" testId="integration-not-found" /></Frame>;
  const title = text(entry.id, 'name', entry.name);
  const installed = list.data.find((candidate) => candidate.id === id);
  if (!installed) return <Frame title={title}><Callout id="integrationNotInstalled" testId="integration-not-installed" /></Frame>;
  if (installed.disabled) return <Frame title={title}><Callout id="integrationDisabled" testId="integration-disabled" /></Frame>;
  if (!canUseIntegration(permissions.data, list.data, 'use', id)) return <Frame title={title}><Callout id="integrations.noPermission" testId="integration-no-permission" /></Frame>;
  if (id === INVOICING_INTEGRATION_ID) return <InvoicingPage entry={entry} installed={installed} admin={pathname.startsWith('/admin')} />;
  return <Frame title={title}><Callout id="integrations.pageNotConfigured" testId="integration-page-not-configured" /></Frame>;
}

export function IntegrationPageRoute() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  if (id === MEDIA_INTEGRATION_ID) return <MediaPage />;
  return <OwnPage id={id} />;
}
