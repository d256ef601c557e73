// Small pieces the thunder screens share: a set's status badge, a time (or a dash), its size, and the
// definition form with its save (a new set: POST; a saved one: PUT).
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { ThunderSet, ThunderStatus } from '../../../../runtime/api/thunder';
import { thunderApi } from '../../../../runtime/client/thunder';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { formatSize } from '../media/rules';
import { thunderHref, thunderKeys } from './data';
import { DefinitionForm } from './DefinitionForm';
import { draftOf, EMPTY_DRAFT, formKeyOf, writeOf, type ThunderDraft } from './draft';
import type { ReactNode } from 'react';

const TONE: Record<ThunderStatus, string> = { building: 'badge-info', ready: 'badge-success', failed: 'badge-danger' };

export function StatusBadge({ set, testId = 'thunder-status' }: { set: Pick<ThunderSet, 'status' | 'queued'>; testId?: string }) {
  const status = set.queued ? 'building' : set.status;
  return (
    <span className={`badge ${TONE[status]}`} data-testid={testId} data-status={status}>
      <FormattedMessage id={`thunder.status.${status}`} />
    </span>
  );
}

export function When({ at, none }: { at: string | null; none: string }): ReactNode {
  if (!at) return <FormattedMessage id={none} />;
  return <FormattedDate value={at} dateStyle="medium" timeStyle="short" />;
}

export function Size({ set }: { set: Pick<ThunderSet, 'rows' | 'size_bytes'> }) {
  return <FormattedMessage id="thunder.sizeOf" values={{ rows: set.rows, size: formatSize(set.size_bytes) }} />;
}

function rulesOf(draft: ThunderDraft): FieldRules {
  const rules: FieldRules = {};
  if (draft.name.trim() === '') rules.name = ['fieldRequired'];
  if (draft.source === 'component' && draft.component === '') rules.component = ['fieldRequired'];
  if (draft.source === 'component' && draft.aggregate.trim() === '') rules.aggregate = ['fieldRequired'];
  if (draft.source === 'ratchet' && draft.connection === '') rules.connection = ['fieldRequired'];
  if (draft.source === 'ratchet' && draft.sql.trim() === '') rules.sql = ['fieldRequired'];
  for (const key of writeOf(draft).invalid) rules[key] = ['widgets.invalidJson'];
  return rules;
}

/** The definition and its save: a new set is defined and opened; a saved one is changed and rebuilt. */
export function DefinitionCard({ existing, children }: { existing: ThunderSet | null; children?: ReactNode }) {
  const onSaved = useSavedThen<ThunderSet>({
    cache: () => thunderKeys.one(existing?.name ?? '__new'),
    refresh: (client) => client.invalidateQueries({ queryKey: thunderKeys.all }),
    next: (saved) => (existing ? null : thunderHref(saved.name)),
  });
  const form = useFormPage({
    initial: () => (existing ? draftOf(existing) : EMPTY_DRAFT),
    validate: rulesOf,
    save: (draft: ThunderDraft) => (existing ? thunderApi.update(writeOf(draft).write) : thunderApi.create(writeOf(draft).write)),
    toast: existing ? 'thunder.saved' : 'thunder.created',
    onSaved,
  });
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(form.failure.fields)) (errors[formKeyOf(field)] ??= []).push(...messages);
  return (
    <form className="card form stack" onSubmit={form.submit} noValidate data-testid="thunder-form" aria-labelledby="thunder-definition-title">
      <h2 className="card-title" id="thunder-definition-title">
        <FormattedMessage id="thunder.definition" />
      </h2>
      <DefinitionForm draft={form.values} saved={existing !== null} onChange={form.setValues} errors={errors} />
      <FormFooter form={form} idle={existing ? 'thunder.save' : 'thunder.define'} testId="thunder-save">
        {children}
      </FormFooter>
    </form>
  );
}
