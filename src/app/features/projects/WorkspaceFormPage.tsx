// /admin/workspace/create and /admin/workspace/edit/:id: a workspace's name (a new one gets dev and live).
import { FormattedMessage } from 'react-intl';
import type { WorkspaceItem } from '../../../../runtime/api/iam';
import { iamKeys, invalidateProjects, workspaceQueryOptions } from '../../../../renderers/data/iam';
import { workspaceApi } from '../../../../runtime/client/iam';
import { FormFooter, itemFormPages, useSavedThen } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { NameField, nameRules } from '../iam/NameField';

const WORKSPACES = '/admin/workspace';

function WorkspaceForm({ workspace }: { workspace: WorkspaceItem | null }) {
  const onSaved = useSavedThen<WorkspaceItem>({ cache: iamKeys.workspace, refresh: invalidateProjects, next: () => WORKSPACES });
  const form = useFormPage({
    initial: workspace?.name ?? '',
    validate: nameRules,
    save: (name: string) => (workspace ? workspaceApi.update(workspace.uuid, { name: name.trim() }) : workspaceApi.create({ name: name.trim() })),
    toast: workspace ? 'workspaces.saved' : 'workspaces.created',
    onSaved,
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate>
      {workspace ? null : (
        <p className="muted">
          <FormattedMessage id="workspaces.createIntro" />
        </p>
      )}
      <NameField testId="workspace-name" value={form.values} onValue={form.setValues} errors={form.errors('name')} />
      <FormFooter form={form} idle="iam.save" busy="iam.saving" testId="workspace-save" cancel={WORKSPACES} />
    </form>
  );
}

export const { CreatePage: WorkspaceCreatePage, EditPage: WorkspaceEditPage } = itemFormPages({
  back: { href: WORKSPACES, label: 'workspaces.back' },
  createTitle: <FormattedMessage id="workspaces.create" />,
  read: workspaceQueryOptions,
  title: (w) => (w ? w.name : <FormattedMessage id="workspaces.edit" />),
  form: (workspace) => <WorkspaceForm workspace={workspace} />,
});
