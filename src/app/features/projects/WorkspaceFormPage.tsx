// /admin/workspace/create and /admin/workspace/edit/:id: a workspace's name (a new one gets dev and live).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, type WorkspaceItem } from '../../../../runtime/api/iam';
import { iamKeys, invalidateProjects, workspaceQueryOptions } from '../../../../renderers/data/iam';
import { workspaceApi } from '../../../../runtime/client/iam';
import { FieldErrors } from '../../components/FieldErrors';
import { showToast } from '../../../../renderers/ui/toast';
import { BackLink, FailureText, failureOf, fieldMessages, LoadError, Loading, NO_FAILURE, PageHeader, type Failure } from '../iam/ui';

function WorkspaceForm({ workspace }: { workspace: WorkspaceItem | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const [name, setName] = useState(workspace?.name ?? '');
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const save = useMutation({
    mutationFn: (next: string) => (workspace ? workspaceApi.update(workspace.uuid, { name: next }) : workspaceApi.create({ name: next })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(iamKeys.workspace(saved.uuid), saved);
      showToast(workspace ? 'workspaces.saved' : 'workspaces.created', 'success');
      await invalidateProjects(queryClient);
      await navigate({ href: '/admin/workspace' });
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (Array.from(trimmed).length < IAM_LIMITS.nameMin) {
      setFailure({ message: null, fields: { name: ['cantBeLessThenChars'] } });
      return;
    }
    setFailure(NO_FAILURE);
    save.mutate(trimmed);
  };
  return (
    <form className="card form" onSubmit={submit} noValidate>
      {workspace ? null : (
        <p className="muted">
          <FormattedMessage id="workspaces.createIntro" />
        </p>
      )}
      <div className="field">
        <label className="field-label" htmlFor={nameId}>
          <FormattedMessage id="iam.name" />
        </label>
        <input
          id={nameId}
          name="name"
          autoComplete="off"
          required
          maxLength={IAM_LIMITS.nameMax}
          data-testid="workspace-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ min: IAM_LIMITS.nameMin }} />
      </div>
      <FailureText message={failure.message} />
      <div className="form-actions">
        <BackLink href="/admin/workspace" label="common.cancel" />
        <button type="submit" className="button button-primary" data-testid="workspace-save" disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'iam.saving' : 'iam.save'} />
        </button>
      </div>
    </form>
  );
}

export function WorkspaceCreatePage() {
  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="workspaces.create" />}>
        <BackLink href="/admin/workspace" label="workspaces.back" />
      </PageHeader>
      <WorkspaceForm workspace={null} />
    </div>
  );
}

export function WorkspaceEditPage() {
  const { id = '' } = useParams({ strict: false });
  const workspace = useQuery(workspaceQueryOptions(id));
  return (
    <div className="page page-narrow">
      <PageHeader title={workspace.data ? workspace.data.name : <FormattedMessage id="workspaces.edit" />}>
        <BackLink href="/admin/workspace" label="workspaces.back" />
      </PageHeader>
      {workspace.isPending ? <Loading /> : workspace.isError ? <LoadError error={workspace.error} /> : <WorkspaceForm key={workspace.data.uuid} workspace={workspace.data} />}
    </div>
  );
}
