// /admin/projects/settings: rename the current project, transfer its ownership (owner only, to an
// active person member), and leave it (the owner names the new owner). Transfer and leave ask first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project } from '../../../../runtime/api/contract';
import type { MemberItem } from '../../../../runtime/api/iam';
import { invalidateProjects, membersQueryOptions } from '../../../../renderers/data/iam';
import { projectApi } from '../../../../runtime/client/iam';
import { projectInfoQueryOptions, queryKeys, userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { SubmitButton } from '../../components/form/TextField';
import { useFormPage } from '../../components/form/useFormPage';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameField, nameRules } from '../iam/NameField';
import { showToast } from '../../../../renderers/ui/toast';
import { useSwitchProject } from './useSwitchProject';

function Rename({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const form = useFormPage({
    initial: project.name,
    validate: nameRules,
    save: (name: string) => projectApi.rename(project.uuid, { name: name.trim() }),
    toast: 'projects.renamed',
    onSaved: (saved) => {
      queryClient.setQueryData(queryKeys.projectInfo, saved);
      return invalidateProjects(queryClient);
    },
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate aria-labelledby="project-rename-title">
      <h2 className="card-title" id="project-rename-title">
        <FormattedMessage id="projects.rename" />
      </h2>
      <NameField testId="project-name" value={form.values} onValue={form.setValues} errors={form.errors('name')} />
      <FailureText message={form.failure.message} />
      <div className="form-actions">
        <SubmitButton pending={form.pending} idle="iam.save" busy="iam.saving" testId="project-save" disabled={form.values.trim() === project.name} />
      </div>
    </form>
  );
}

/** Who may take the project over: active people other than the caller. */
export function ownerCandidates(members: readonly MemberItem[], meUuid: string): MemberItem[] {
  return members.filter((m) => m.kind === 'person' && m.status === 'active' && m.uuid !== meUuid);
}

function CandidateSelect({
  candidates,
  value,
  onChange,
  testId,
  label,
}: {
  candidates: readonly MemberItem[];
  value: string;
  onChange: (uuid: string) => void;
  testId: string;
  label: string;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <select id={id} data-testid={testId} value={value} disabled={candidates.length === 0} onChange={(e) => onChange(e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'projects.chooseMember' })}</option>
        {candidates.map((m) => (
          <option key={m.uuid} value={m.uuid}>
            {m.name} &lt;{m.email}&gt;
          </option>
        ))}
      </select>
    </div>
  );
}

type Pending = null | { kind: 'transfer' | 'leave'; to: MemberItem | null };

function Ownership({ project, meUuid, isOwner }: { project: Project; meUuid: string; isOwner: boolean }) {
  const switchTo = useSwitchProject();
  // Only the owner needs the member list (an admin call); other members just leave.
  const members = useQuery({ ...membersQueryOptions(), enabled: isOwner });
  const candidates = ownerCandidates(members.data ?? [], meUuid);
  const [transferTo, setTransferTo] = useState('');
  const [leaveTo, setLeaveTo] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const done = async (message: string) => {
    setPending(null);
    showToast(message, 'success', undefined, { name: project.name });
    await switchTo(null);
  };
  const transfer = useMutation({
    mutationFn: (userUuid: string) => projectApi.transfer(project.uuid, { user_uuid: userUuid }),
    onSuccess: () => done('projects.transferred'),
    onError: (error) => setFailure(failureSummary(error)),
  });
  const leave = useMutation({
    mutationFn: (newOwner: string | null) => projectApi.leave(project.uuid, newOwner ? { new_owner_uuid: newOwner } : {}),
    onSuccess: () => done('projects.left'),
    onError: (error) => setFailure(failureSummary(error)),
  });
  const ask = (next: Pending) => {
    setFailure(null);
    setPending(next);
  };
  const find = (uuid: string) => candidates.find((m) => m.uuid === uuid) ?? null;

  const noCandidates = (
    <p className="muted" data-testid="project-no-candidates">
      <FormattedMessage id="projects.noCandidates" />{' '}
      <AppLink href="/admin/iam/invite">
        <FormattedMessage id="iam.invite.title" />
      </AppLink>
    </p>
  );

  return (
    <>
      <section className="card" aria-labelledby="project-transfer-title">
        <h2 className="card-title" id="project-transfer-title">
          <FormattedMessage id="projects.transfer" />
        </h2>
        {!isOwner ? (
          <p className="muted">
            <FormattedMessage id="projects.transferOwnerOnly" />
          </p>
        ) : members.isPending ? (
          <Loading />
        ) : members.isError ? (
          <LoadError error={members.error} />
        ) : (
          <>
            <p className="muted">
              <FormattedMessage id="projects.transferIntro" />
            </p>
            <CandidateSelect candidates={candidates} value={transferTo} onChange={setTransferTo} testId="project-transfer-user" label="projects.newOwner" />
            {candidates.length === 0 ? noCandidates : null}
            <div className="form-actions">
              <button
                type="button"
                className="button danger"
                data-testid="project-transfer"
                disabled={!find(transferTo)}
                onClick={() => ask({ kind: 'transfer', to: find(transferTo) })}
              >
                <FormattedMessage id="projects.transferSubmit" />
              </button>
            </div>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="project-leave-title">
        <h2 className="card-title" id="project-leave-title">
          <FormattedMessage id="projects.leave" />
        </h2>
        <p className="muted">
          <FormattedMessage id={isOwner ? 'projects.leaveOwnerIntro' : 'projects.leaveIntro'} />
        </p>
        {isOwner ? (
          members.isPending ? (
            <Loading />
          ) : members.isError ? (
            <LoadError error={members.error} />
          ) : (
            <>
              <CandidateSelect candidates={candidates} value={leaveTo} onChange={setLeaveTo} testId="project-leave-owner" label="projects.newOwner" />
              {candidates.length === 0 ? noCandidates : null}
            </>
          )
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button danger"
            data-testid="project-leave"
            disabled={isOwner && !find(leaveTo)}
            onClick={() => ask({ kind: 'leave', to: isOwner ? find(leaveTo) : null })}
          >
            <FormattedMessage id="projects.leaveSubmit" />
          </button>
        </div>
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={<FormattedMessage id={pending?.kind === 'transfer' ? 'projects.transferTitle' : 'projects.leaveTitle'} />}
        confirmLabel={<FormattedMessage id={pending?.kind === 'transfer' ? 'projects.transferSubmit' : 'projects.leaveSubmit'} />}
        pending={transfer.isPending || leave.isPending}
        failure={failure}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'transfer' && pending.to) transfer.mutate(pending.to.uuid);
          else if (pending?.kind === 'leave') leave.mutate(pending.to?.uuid ?? null);
        }}
      >
        <p>
          {pending?.kind === 'transfer' ? (
            <FormattedMessage id="projects.transferBody" values={{ project: <strong>{project.name}</strong>, name: <strong>{pending.to?.name}</strong> }} />
          ) : pending?.to ? (
            <FormattedMessage id="projects.leaveOwnerBody" values={{ project: <strong>{project.name}</strong>, name: <strong>{pending.to.name}</strong> }} />
          ) : (
            <FormattedMessage id="projects.leaveBody" values={{ project: <strong>{project.name}</strong> }} />
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}

export function ProjectSettingsPage() {
  const project = useQuery(projectInfoQueryOptions());
  const me = useQuery(userModelQueryOptions());
  return (
    <div className="page page-narrow" data-testid="project-settings">
      <PageHeader title={<FormattedMessage id="nav.projectSettings" />}>
        <AppLink className="button button-ghost" href="/admin/projects">
          <FormattedMessage id="projects.back" />
        </AppLink>
      </PageHeader>
      {project.isPending || me.isPending ? (
        <Loading />
      ) : project.isError ? (
        <LoadError error={project.error} />
      ) : me.isError ? (
        <LoadError error={me.error} />
      ) : (
        <>
          <Rename key={project.data.uuid} project={project.data} />
          <Ownership project={project.data} meUuid={me.data.uuid} isOwner={project.data.account.owner_uuid === me.data.uuid} />
        </>
      )}
    </div>
  );
}
