// The project's workspaces as checkboxes (a component's or an app's links): each box says whether a
// workspace is chosen and toggles it.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { projectInfoQueryOptions } from '../../../../renderers/data/queries';

export interface WorkspaceRef {
  uuid: string;
  name: string;
}

export function WorkspacesPicker({ chosen, onToggle, testId }: { chosen: ReadonlySet<string>; onToggle: (workspace: WorkspaceRef, checked: boolean) => void; testId: string }) {
  const project = useQuery(projectInfoQueryOptions());
  return (
    <fieldset className="field">
      <legend className="field-label">
        <FormattedMessage id="cmp.general.workspaces" />
      </legend>
      {project.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : (project.data?.workspaces ?? []).length === 0 ? (
        <p className="muted">
          <FormattedMessage id="dashboard.noWorkspaces" />
        </p>
      ) : (
        <div className="multi-select" data-testid={testId}>
          {project.data!.workspaces.map((ws) => (
            <label key={ws.uuid}>
              <input type="checkbox" name="workspaces" value={ws.uuid} checked={chosen.has(ws.uuid)} onChange={(e) => onToggle({ uuid: ws.uuid, name: ws.name }, e.target.checked)} />
              {ws.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
