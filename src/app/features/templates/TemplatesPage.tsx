// /admin/templates (docs/templates.md): the catalogue (each template with where it is installed and a
// link to its landing page) and the project's workspaces with the template each holds, which can be
// uninstalled from here (after a confirmation).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { TemplateCatalogue } from '../../../../runtime/client/templates';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { LayoutTemplate } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { templateCatalogueQueryOptions, templateHref } from './data';
import { TemplateAction, TemplateIcon } from './parts';
import { SnapshotCard } from './SnapshotCard';
import './templates.css';

function Catalogue({ data }: { data: TemplateCatalogue }) {
  if (data.templates.length === 0) return <EmptyState testId="templates-empty" icon={<LayoutTemplate />} title={<FormattedMessage id="templates.empty" />} />;
  return (
    <ul className="template-grid" data-testid="templates-catalogue">
      {data.templates.map((template) => (
        <li key={template.id} className="card template-card" data-testid="template-card" data-id={template.id}>
          <div className="template-card-head">
            <TemplateIcon icon={template.icon} />
            <h3 className="card-title">{template.name}</h3>
          </div>
          <p className="muted">{template.description}</p>
          <p className="template-installed">
            {template.installed.length > 0 ? (
              <span className="badge badge-success">
                <FormattedMessage id="templates.installedIn" values={{ workspaces: template.installed.map((install) => install.workspace_name).join(', ') }} />
              </span>
            ) : (
              <span className="badge badge-neutral">
                <FormattedMessage id="templates.notInstalled" />
              </span>
            )}
          </p>
          <AppLink className="button" href={templateHref(template.id)} data-testid="template-open">
            <FormattedMessage id="templates.open" />
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

function Workspaces({ data }: { data: TemplateCatalogue }) {
  return (
    <section className="card" data-testid="templates-workspaces">
      <h2 className="card-title">
        <FormattedMessage id="templates.workspaces" />
      </h2>
      <p className="muted">
        <FormattedMessage id="templates.workspacesHint" />
      </p>
      <ul className="template-workspaces">
        {data.workspaces.map((workspace) => {
          const template = data.templates.find((candidate) => candidate.id === workspace.template);
          return (
            <li key={workspace.uuid} data-testid="template-workspace" data-name={workspace.name}>
              <span className="template-workspace-name">{workspace.name}</span>
              {template ? (
                <>
                  <AppLink href={templateHref(template.id)}>{template.name}</AppLink>
                  <TemplateAction template={template} workspace={workspace} change="uninstall" testId="template-uninstall" />
                </>
              ) : (
                <span className="muted">
                  <FormattedMessage id="templates.none" />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function TemplatesPage() {
  const catalogue = useQuery(templateCatalogueQueryOptions());
  return (
    <div className="page stack" data-testid="templates-page">
      <PageHeader title={<FormattedMessage id="templates.title" />} />
      <p className="muted">
        <FormattedMessage id="templates.intro" />
      </p>
      {catalogue.isPending ? (
        <Loading />
      ) : catalogue.isError ? (
        <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <>
          <h2 className="section-title">
            <FormattedMessage id="templates.catalogue" />
          </h2>
          <Catalogue data={catalogue.data} />
          <Workspaces data={catalogue.data} />
          <SnapshotCard />
        </>
      )}
    </div>
  );
}
