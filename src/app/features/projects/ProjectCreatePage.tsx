// /admin/projects/create: a name; the caller owns the new project (with its Administrator role and a
// workspace Main), and the app switches to it.
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { invalidateProjects } from '../../../../renderers/data/iam';
import { showToast } from '../../../../renderers/ui/toast';
import { projectApi } from '../../../../runtime/client/iam';
import { FormFooter, FormPage } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { NameField, nameRules } from '../iam/NameField';
import { useSwitchProject } from './useSwitchProject';

export function ProjectCreatePage() {
  const queryClient = useQueryClient();
  const switchTo = useSwitchProject();
  const form = useFormPage({
    initial: '',
    validate: nameRules,
    save: (name: string) => projectApi.create({ name: name.trim() }),
    onSaved: async (project) => {
      showToast('projects.created', 'success', undefined, { name: project.name });
      await invalidateProjects(queryClient);
      await switchTo(project.uuid);
    },
  });
  return (
    <FormPage title={<FormattedMessage id="projects.create" />} back={{ href: '/admin/projects', label: 'projects.back' }}>
      <form className="card form" onSubmit={form.submit} noValidate>
        <p className="muted">
          <FormattedMessage id="projects.createIntro" />
        </p>
        <NameField testId="project-name" value={form.values} onValue={form.setValues} errors={form.errors('name')} />
        <FormFooter form={form} idle="projects.createSubmit" busy="iam.saving" testId="project-save" />
      </form>
    </FormPage>
  );
}
