// /admin/dashboard: the signed-in user, the current project, the admin flag, the environment switch,
// the widgets placed on it (docs/widgets.md), the project's components, and the required onboarding
// (features/integrations/RequiredOnboarding.tsx) and, for admins, the project's resources.
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ENVIRONMENTS, type Environment } from '../../../runtime/api/contract';
import { componentsQueryOptions } from '../../../renderers/data/components';
import { claimsQueryOptions, projectInfoQueryOptions, userModelQueryOptions } from '../../../renderers/data/queries';
import { componentLabel, settingsPath } from '../../../renderers/ui/componentLabel';
import { EmptyState } from '../../../renderers/ui/EmptyState';
import { environmentStore, localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { truncateTitle } from '../../../renderers/ui/truncate';
import { Blocks } from '../../../renderers/ui/icons';
import { AppLink } from '../components/AppLink';
import { useSwitchEnvironment } from '../components/EnvironmentSwitch';
import { RecordsLink } from '../features/components/RecordsLink';
import { PlacedWidgets } from '../features/widgets/PlacedWidgets';
import { RequiredOnboarding } from '../features/integrations/RequiredOnboarding';
import { ResourcesCard } from '../features/platform/ResourcesCard';

function Card({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="card" data-testid={testId}>
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}

function Loading() {
  return <div className="skeleton" aria-busy="true" />;
}

function Failed() {
  return (
    <p className="form-error">
      <FormattedMessage id="dashboard.loadFailed" />
    </p>
  );
}

function EnvironmentSwitch() {
  const env = useStore(environmentStore);
  const switchTo = useSwitchEnvironment();
  const id = useId();
  const intl = useIntl();
  const change = (next: Environment) => void switchTo(next);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <FormattedMessage id="dashboard.environment" />
      </label>
      <select id={id} data-testid="env-select" value={env} onChange={(e) => change(e.target.value as Environment)}>
        {ENVIRONMENTS.map((e) => (
          <option key={e} value={e}>
            {intl.formatMessage({ id: `env.${e}` })}
          </option>
        ))}
      </select>
      <small className="muted">
        <FormattedMessage id="dashboard.environmentHint" />
      </small>
    </div>
  );
}

/** Who is signed in, and whether they are an admin. */
function UserCard() {
  const user = useQuery(userModelQueryOptions());
  const claims = useQuery(claimsQueryOptions());
  const isAdmin = claims.data?.IsAdmin ?? user.data?.is_admin ?? false;
  return (
    <Card title={<FormattedMessage id="dashboard.you" />} testId="dashboard-user">
      {user.isPending ? <Loading /> : user.isError ? <Failed /> : (
        <dl className="details">
          <dt>
            <FormattedMessage id="dashboard.name" />
          </dt>
          <dd data-testid="dashboard-user-name">{user.data.name}</dd>
          <dt>
            <FormattedMessage id="dashboard.email" />
          </dt>
          <dd data-testid="dashboard-user-email">{user.data.email}</dd>
          <dt>
            <FormattedMessage id="dashboard.admin" />
          </dt>
          <dd data-testid="dashboard-admin">
            <span className={`badge badge-${isAdmin ? 'success' : 'neutral'}`}>
              <FormattedMessage id={isAdmin ? 'common.yes' : 'common.no'} />
            </span>
          </dd>
        </dl>
      )}
    </Card>
  );
}

/** The current project and its workspaces with their environments. */
function ProjectCard() {
  const project = useQuery(projectInfoQueryOptions());
  return (
    <Card title={<FormattedMessage id="dashboard.project" />} testId="dashboard-project">
      {project.isPending ? <Loading /> : project.isError ? <Failed /> : (
        <>
          <p className="project-name" data-testid="dashboard-project-name" title={project.data.name}>
            {truncateTitle(project.data.name)}
          </p>
          <h3 className="subtle-heading">
            <FormattedMessage id="dashboard.workspaces" />
          </h3>
          {project.data.workspaces.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="dashboard.noWorkspaces" />
            </p>
          ) : (
            <ul className="workspace-list">
              {project.data.workspaces.map((ws) => (
                <li key={ws.uuid}>
                  <span>{ws.name}</span>
                  <span className="chips" aria-label="environments">
                    {ws.environments.map((env) => (
                      <span key={env} className={`badge badge-${env === 'live' ? 'success' : 'info'}`}>
                        {env}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

/** The project's components, each with its settings and its records; the empty state only when there are none. */
function ComponentsCard() {
  const components = useQuery(componentsQueryOptions());
  const locale = useStore(localeStore);
  return (
    <Card title={<FormattedMessage id="dashboard.components" />} testId="dashboard-components">
      {components.isPending ? <Loading /> : components.isError ? <Failed /> : components.data.length === 0 ? (
        <EmptyState testId="components-empty" icon={<Blocks />} title={<FormattedMessage id="noComponents" />} hint={<FormattedMessage id="dashboard.componentsHint" />} />
      ) : (
        <ul className="workspace-list" data-testid="dashboard-component-list">
          {components.data.map((component) => {
            const label = componentLabel(component, locale);
            return (
              <li key={component.uuid} data-testid="dashboard-component">
                <AppLink href={settingsPath(component.ref)} title={label}>
                  {truncateTitle(label)}
                </AppLink>
                <RecordsLink component={component} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function DashboardPage() {
  return (
    <div className="page">
      <header className="page-header">
        <h1 data-testid="dashboard-heading">
          <FormattedMessage id="dashboard.heading" />
        </h1>
      </header>
      <RequiredOnboarding />
      <div className="grid">
        <UserCard />
        <ProjectCard />
        <Card title={<FormattedMessage id="dashboard.environments" />} testId="dashboard-environment">
          <EnvironmentSwitch />
        </Card>
      </div>
      <PlacedWidgets place="dashboard" />
      <ComponentsCard />
      <AdminResources />
    </div>
  );
}

/** What the project holds, for its admins (GET /v1/system/resources answers them only). */
function AdminResources() {
  const claims = useQuery(claimsQueryOptions());
  return claims.data?.IsAdmin ? <ResourcesCard /> : null;
}
