// /template/:id (docs/templates.md): a template's landing page: what it is for, what it contains
// (components with their fields, workflows, widgets, apps, sample records), where it is installed,
// and its install into a workspace that holds no template yet (one per workspace), after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Template, TemplateCatalogue } from '../../../../runtime/client/templates';
import { AppLink } from '../../components/AppLink';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { templateCatalogueQueryOptions, templateQueryOptions } from './data';
import { TemplateAction, TemplateIcon } from './parts';
import './templates.css';

function Part({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="template-part" data-testid={testId}>
      <h3>
        <FormattedMessage id={title} />
      </h3>
      {children}
    </section>
  );
}

const names = (list: string[]) => (
  <ul className="template-names">
    {list.map((name) => (
      <li key={name}>{name}</li>
    ))}
  </ul>
);

function Contents({ template }: { template: Template }) {
  const { contents } = template;
  return (
    <section className="card" data-testid="template-contents">
      <h2 className="card-title">
        <FormattedMessage id="templates.contains" />
      </h2>
      <div className="template-parts">
        <Part title="templates.components" testId="template-components">
          <ul className="template-components">
            {contents.components.map((component) => (
              <li key={component.name}>
                <strong>{component.label}</strong>
                <span className="muted"> · {component.fields.join(', ')}</span>
              </li>
            ))}
          </ul>
        </Part>
        {contents.workflows.length > 0 ? <Part title="templates.workflows" testId="template-workflows">{names(contents.workflows)}</Part> : null}
        {contents.widgets.length > 0 ? <Part title="templates.widgets" testId="template-widgets">{names(contents.widgets)}</Part> : null}
        {contents.apps.length > 0 ? <Part title="templates.apps" testId="template-apps">{names(contents.apps)}</Part> : null}
        {contents.records.length > 0 ? (
          <Part title="templates.records" testId="template-records">
            <ul className="template-names">
              {contents.records.map((group) => (
                <li key={group.component}>
                  <FormattedMessage id="templates.recordCount" values={{ count: group.count, component: contents.components.find((c) => c.name === group.component)?.label ?? group.component }} />
                </li>
              ))}
            </ul>
          </Part>
        ) : null}
      </div>
    </section>
  );
}

function Install({ template, catalogue }: { template: Template; catalogue: TemplateCatalogue }) {
  const free = catalogue.workspaces.filter((workspace) => workspace.template === null);
  const [chosen, setChosen] = useState('');
  const workspace = free.find((candidate) => candidate.uuid === chosen) ?? free[0] ?? null;
  return (
    <section className="card template-install" data-testid="template-install">
      {template.installed.map((install) => (
        <div key={install.workspace_uuid} className="template-install-row template-installed-row" data-testid="template-installed">
          <span className="badge badge-success">
            <FormattedMessage id="templates.installedIn" values={{ workspaces: install.workspace_name }} />
          </span>
          <AppLink className="button" href="/admin/dashboard" data-testid="template-open-admin">
            <FormattedMessage id="templates.openApp" />
          </AppLink>
          <TemplateAction template={template} workspace={{ uuid: install.workspace_uuid, name: install.workspace_name }} change="uninstall" testId="template-uninstall" />
        </div>
      ))}
      {free.length === 0 ? (
        <p className="muted" data-testid="template-no-workspace">
          <FormattedMessage id="templates.allOccupied" />
        </p>
      ) : (
        <div className="template-install-row">
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="templates.installInto" />
            </span>
            <select data-testid="template-workspace-select" value={workspace?.uuid ?? ''} onChange={(event) => setChosen(event.target.value)}>
              {free.map((candidate) => (
                <option key={candidate.uuid} value={candidate.uuid}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
          <TemplateAction template={template} workspace={workspace} change="install" testId="template-install-button" />
        </div>
      )}
    </section>
  );
}

export function TemplatePage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const template = useQuery(templateQueryOptions(id));
  const catalogue = useQuery(templateCatalogueQueryOptions());
  const failed = template.error ?? catalogue.error;
  return (
    <div className="page stack template-page" data-testid="template-page">
      {template.isPending || catalogue.isPending ? (
        <Loading />
      ) : failed ? (
        <LoadError error={failed} onRetry={() => void Promise.all([template.refetch(), catalogue.refetch()])} />
      ) : (
        <>
          <PageHeader
            title={
              <span className="template-title">
                <TemplateIcon icon={template.data!.icon} />
                {template.data!.name}
              </span>
            }
          >
            <AppLink className="button button-ghost" href="/admin/templates" data-testid="template-back">
              <FormattedMessage id="templates.back" />
            </AppLink>
          </PageHeader>
          <p className="template-lead">{template.data!.description}</p>
          <p className="muted">{template.data!.about}</p>
          <Install template={template.data!} catalogue={catalogue.data!} />
          <Contents template={template.data!} />
        </>
      )}
    </div>
  );
}
