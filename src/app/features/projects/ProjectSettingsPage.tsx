// /admin/projects/settings: rename the current project, transfer its ownership (owner only, to an
// active person member), and leave it (the owner names the new owner). Transfer and leave ask first.
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project } from '../../../../runtime/api/contract';
import type { MemberItem } from '../../../../runtime/api/iam';
import { invalidateProjects, membersQueryOptions } from '../../../../renderers/data/iam';
import { projectApi } from '../../../../runtime/client/iam';
import { projectInfoQueryOptions, queryKeys, userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { failureSummary } from '../../components/form/failure';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeader } from '../../components/PageHeader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameField, nameRules } from '../iam/NameField';
import { showToast } from '../../../../renderers/ui/toast';
import { useSwitchProject } from './useSwitchProject';

function Rename({ project }: { project: Project }) {
  const onSaved = useSavedThen<Project>({ cache: () => queryKeys.projectInfo, refresh: invalidateProjects });
  const form = useFormPage({
    initial: project.name,
    validate: nameRules,
    save: (name: string) => projectApi.rename(project.uuid, { name: name.trim() }),
    toast: 'projects.renamed',
    onSaved,
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate aria-labelledby="project-rename-title">
      <h2 className="card-title" id="project-rename-title">
        <FormattedMessage id="projects.rename" />
      </h2>
      <NameField testId="project-name" value={form.values} onValue={form.setValues} errors={form.errors('name')} />
      <FormFooter form={form} idle="iam.save" busy="iam.saving" testId="project-save" disabled={form.values.trim() === project.name} />
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

/** Transferring and leaving: the question being asked, its call, and what went wrong; either ends in
 * another project (this one is no longer the caller's to run). */
function useOwnershipChange(project: Project) {
  const switchTo = useSwitchProject();
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
  return {
    pending,
    failure,
    busy: transfer.isPending || leave.isPending,
    ask: (next: Pending) => {
      setFailure(null);
      setPending(next);
    },
    close: () => setPending(null),
    confirm: () => {
      if (pending?.kind === 'transfer' && pending.to) transfer.mutate(pending.to.uuid);
      else if (pending?.kind === 'leave') leave.mutate(pending.to?.uuid ?? null);
    },
  };
}

type OwnershipChange = ReturnType<typeof useOwnershipChange>;

/** The member list read for a choice of the new owner: the choice once read, and a word when nobody qualifies. */
function CandidatePick({
  members,
  candidates,
  value,
  onChange,
  testId,
  intro,
  children,
}: {
  members: UseQueryResult<MemberItem[]>;
  candidates: readonly MemberItem[];
  value: string;
  onChange: (uuid: string) => void;
  testId: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  if (members.isPending) return <Loading />;
  if (members.isError) return <LoadError error={members.error} />;
  return (
    <>
      {intro}
      <CandidateSelect candidates={candidates} value={value} onChange={onChange} testId={testId} label="projects.newOwner" />
      {candidates.length === 0 ? (
        <p className="muted" data-testid="project-no-candidates">
          <FormattedMessage id="projects.noCandidates" />{' '}
          <AppLink href="/admin/iam/invite">
            <FormattedMessage id="iam.invite.title" />
          </AppLink>
        </p>
      ) : null}
      {children}
    </>
  );
}

interface SectionProps {
  isOwner: boolean;
  members: UseQueryResult<MemberItem[]>;
  candidates: readonly MemberItem[];
  ask: OwnershipChange['ask'];
}

const pick = (candidates: readonly MemberItem[], uuid: string) => candidates.find((m) => m.uuid === uuid) ?? null;

function TitledCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card-title" id={id}>
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

function TransferSection({ isOwner, members, candidates, ask }: SectionProps) {
  const [to, setTo] = useState('');
  return (
    <TitledCard id="project-transfer-title" title="projects.transfer">
      {!isOwner ? (
        <p className="muted">
          <FormattedMessage id="projects.transferOwnerOnly" />
        </p>
      ) : (
        <CandidatePick
          members={members}
          candidates={candidates}
          value={to}
          onChange={setTo}
          testId="project-transfer-user"
          intro={
            <p className="muted">
              <FormattedMessage id="projects.transferIntro" />
            </p>
          }
        >
          <div className="form-actions">
            <button type="button" className="button danger" data-testid="project-transfer" disabled={!pick(candidates, to)} onClick={() => ask({ kind: 'transfer', to: pick(candidates, to) })}>
              <FormattedMessage id="projects.transferSubmit" />
            </button>
          </div>
        </CandidatePick>
      )}
    </TitledCard>
  );
}

function LeaveSection({ isOwner, members, candidates, ask }: SectionProps) {
  const [to, setTo] = useState('');
  return (
    <TitledCard id="project-leave-title" title="projects.leave">
      <p className="muted">
        <FormattedMessage id={isOwner ? 'projects.leaveOwnerIntro' : 'projects.leaveIntro'} />
      </p>
      {isOwner ? <CandidatePick members={members} candidates={candidates} value={to} onChange={setTo} testId="project-leave-owner" /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="button danger"
          data-testid="project-leave"
          disabled={isOwner && !pick(candidates, to)}
          onClick={() => ask({ kind: 'leave', to: isOwner ? pick(candidates, to) : null })}
        >
          <FormattedMessage id="projects.leaveSubmit" />
        </button>
      </div>
    </TitledCard>
  );
}

function OwnershipQuestion({ project, change }: { project: Project; change: OwnershipChange }) {
  const { pending } = change;
  const transfer = pending?.kind === 'transfer';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={<FormattedMessage id={transfer ? 'projects.transferTitle' : 'projects.leaveTitle'} />}
      confirmLabel={<FormattedMessage id={transfer ? 'projects.transferSubmit' : 'projects.leaveSubmit'} />}
      pending={change.busy}
      failure={change.failure}
      onClose={change.close}
      onConfirm={change.confirm}
    >
      <p>
        {transfer ? (
          <FormattedMessage id="projects.transferBody" values={{ project: <strong>{project.name}</strong>, name: <strong>{pending.to?.name}</strong> }} />
        ) : pending?.to ? (
          <FormattedMessage id="projects.leaveOwnerBody" values={{ project: <strong>{project.name}</strong>, name: <strong>{pending.to.name}</strong> }} />
        ) : (
          <FormattedMessage id="projects.leaveBody" values={{ project: <strong>{project.name}</strong> }} />
        )}
      </p>
    </ConfirmDialog>
  );
}

function Ownership({ project, meUuid, isOwner }: { project: Project; meUuid: string; isOwner: boolean }) {
  // Only the owner needs the member list (an admin call); other members just leave.
  const members = useQuery({ ...membersQueryOptions(), enabled: isOwner });
  const candidates = ownerCandidates(members.data ?? [], meUuid);
  const change = useOwnershipChange(project);
  return (
    <>
      <TransferSection isOwner={isOwner} members={members} candidates={candidates} ask={change.ask} />
      <LeaveSection isOwner={isOwner} members={members} candidates={candidates} ask={change.ask} />
      <OwnershipQuestion project={project} change={change} />
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
