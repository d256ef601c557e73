// /admin/projects/create: a name; the caller owns the new project (with its Administrator role and a
// workspace Main), and the app switches to it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { invalidateProjects } from '../../../../renderers/data/iam';
import { projectApi } from '../../../../runtime/client/iam';
import { FieldErrors } from '../../components/FieldErrors';
import { showToast } from '../../../../renderers/ui/toast';
import { BackLink, FailureText, failureOf, fieldMessages, NO_FAILURE, PageHeader, type Failure } from '../iam/ui';
import { useSwitchProject } from './useSwitchProject';

export function ProjectCreatePage() {
  const queryClient = useQueryClient();
  const switchTo = useSwitchProject();
  const nameId = useId();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const create = useMutation({
    mutationFn: (projectName: string) => projectApi.create({ name: projectName }),
    onSuccess: async (project) => {
      showToast('projects.created', 'success', undefined, { name: project.name });
      await invalidateProjects(queryClient);
      await switchTo(project.uuid);
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
    create.mutate(trimmed);
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="projects.create" />}>
        <BackLink href="/admin/projects" label="projects.back" />
      </PageHeader>
      <form className="card form" onSubmit={submit} noValidate>
        <p className="muted">
          <FormattedMessage id="projects.createIntro" />
        </p>
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
            data-testid="project-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ min: IAM_LIMITS.nameMin }} />
        </div>
        <FailureText message={failure.message} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" data-testid="project-save" disabled={create.isPending}>
            <FormattedMessage id={create.isPending ? 'iam.saving' : 'projects.createSubmit'} />
          </button>
        </div>
      </form>
    </div>
  );
}
