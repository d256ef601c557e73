// /admin/workspace/create and /admin/workspace/edit/:id: a workspace's name (a new one gets dev and live).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { WorkspaceItem } from '../../../../runtime/api/iam';
import { iamKeys, invalidateProjects, workspaceQueryOptions } from '../../../../renderers/data/iam';
import { workspaceApi } from '../../../../runtime/client/iam';
import { FailureText } from '../../components/form/failure';
import { EditFormPage, FormPage } from '../../components/form/FormPage';
import { SubmitButton } from '../../components/form/TextField';
import { useFormPage } from '../../components/form/useFormPage';
import { BackLink } from '../../components/page';
import { NameField, nameRules } from '../iam/NameField';

const WORKSPACES = '/admin/workspace';
const BACK = { href: WORKSPACES, label: 'workspaces.back' };

function WorkspaceForm({ workspace }: { workspace: WorkspaceItem | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useFormPage({
    initial: workspace?.name ?? '',
    validate: nameRules,
    save: (name: string) => (workspace ? workspaceApi.update(workspace.uuid, { name: name.trim() }) : workspaceApi.create({ name: name.trim() })),
    toast: workspace ? 'workspaces.saved' : 'workspaces.created',
    onSaved: async (saved) => {
      queryClient.setQueryData(iamKeys.workspace(saved.uuid), saved);
      await invalidateProjects(queryClient);
      await navigate({ href: WORKSPACES });
    },
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate>
      {workspace ? null : (
        <p className="muted">
          <FormattedMessage id="workspaces.createIntro" />
        </p>
      )}
      <NameField testId="workspace-name" value={form.values} onValue={form.setValues} errors={form.errors('name')} />
      <FailureText message={form.failure.message} />
      <div className="form-actions">
        <BackLink href={WORKSPACES} label="common.cancel" />
        <SubmitButton pending={form.pending} idle="iam.save" busy="iam.saving" testId="workspace-save" />
      </div>
    </form>
  );
}

export function WorkspaceCreatePage() {
  return (
    <FormPage title={<FormattedMessage id="workspaces.create" />} back={BACK}>
      <WorkspaceForm workspace={null} />
    </FormPage>
  );
}

export function WorkspaceEditPage() {
  const { id = '' } = useParams({ strict: false });
  const workspace = useQuery(workspaceQueryOptions(id));
  return (
    <EditFormPage query={workspace} title={(w) => (w ? w.name : <FormattedMessage id="workspaces.edit" />)} back={BACK}>
      {(w) => <WorkspaceForm key={w.uuid} workspace={w} />}
    </EditFormPage>
  );
}
