// /admin/iam/roles/create and /admin/iam/roles/edit/:id: name, is admin, level, and the permission
// checkboxes grouped (media; each component ref with its verbs), with a filter for long lists.
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IAM_LIMITS, type RoleInput, type RoleItem } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateRoles, permissionsQueryOptions, roleQueryOptions } from '../../../../renderers/data/iam';
import { isMessageKey } from '../../../../runtime/i18n';
import { normalizePermission } from '../../../../runtime/permissions/hasPermission';
import { FieldErrors } from '../../components/FieldErrors';
import { showToast } from '../../../../renderers/ui/toast';
import { filterGroups, groupPermissions, selectionSet, toggle, type PermissionGroup } from './permissionGroups';
import { BackLink, ConfirmDialog, type Failure, failureOf, failureSummary, FailureText, fieldMessages, LoadError, Loading, NO_FAILURE, PageHeader } from './ui';

const EMPTY: RoleInput = { name: '', is_admin: false, level: 0, permissions: [] };

/** Show the filter once the list is this long. */
const FILTER_FROM = 12;

function GroupTitle({ group }: { group: PermissionGroup }) {
  // Permission strings name unscoped components by uuid: the component's own name says which it is.
  const components = useQuery(componentsQueryOptions());
  if (group.kind === 'media') return <FormattedMessage id="iam.permissions.media" />;
  if (group.kind === 'other') return <FormattedMessage id="iam.permissions.other" />;
  const wanted = group.ref.toLowerCase();
  const component = components.data?.find((c) => c.uuid.toLowerCase() === wanted || c.ref.toLowerCase() === wanted);
  return (
    <>
      {component ? component.displayName : <FormattedMessage id="iam.permissions.component" />} <code className="muted">{group.ref}</code>
    </>
  );
}

function verbLabel(intl: ReturnType<typeof useIntl>, group: PermissionGroup, verb: string): string {
  if (group.kind === 'other') return verb;
  const key = `iam.verb.${verb.toLowerCase()}`;
  return isMessageKey(key) ? intl.formatMessage({ id: key }) : verb;
}

function PermissionPicker({
  selected,
  onChange,
  errors,
}: {
  selected: string[];
  onChange: (next: string[]) => void;
  errors?: readonly string[];
}) {
  const intl = useIntl();
  const filterId = useId();
  const baseId = useId();
  const available = useQuery(permissionsQueryOptions());
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupPermissions(available.data ?? [], selected), [available.data, selected]);
  const shown = useMemo(() => filterGroups(groups, filter), [groups, filter]);
  const ticked = selectionSet(selected);
  const total = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <fieldset className="field iam-permissions" data-testid="role-permissions">
      <legend className="field-label">
        <FormattedMessage id="iam.role.permissions" />{' '}
        <span className="muted" data-testid="role-permission-count">
          <FormattedMessage id="iam.permissions.selected" values={{ count: ticked.size }} />
        </span>
      </legend>
      {available.isPending ? (
        <Loading />
      ) : available.isError ? (
        <LoadError error={available.error} />
      ) : total === 0 ? (
        <p className="muted">
          <FormattedMessage id="iam.permissions.none" />
        </p>
      ) : (
        <>
          {total >= FILTER_FROM ? (
            <div className="field">
              <label className="field-label" htmlFor={filterId}>
                <FormattedMessage id="iam.permissions.filter" />
              </label>
              <input id={filterId} type="search" data-testid="role-permission-filter" value={filter} autoComplete="off" onChange={(e) => setFilter(e.target.value)} />
            </div>
          ) : null}
          {shown.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="iam.permissions.noMatch" />
            </p>
          ) : null}
          {shown.map((group, g) => {
            const perms = group.items.map((i) => i.permission);
            const all = perms.every((p) => ticked.has(normalizePermission(p)));
            return (
              <fieldset key={group.id} className="iam-permission-group" data-testid="role-permission-group" data-group={group.id}>
                <legend>
                  <GroupTitle group={group} />
                </legend>
                <button
                  type="button"
                  className="button button-small button-ghost"
                  data-testid="role-permission-group-toggle"
                  onClick={() => onChange(toggle(selected, perms, !all))}
                >
                  <FormattedMessage id={all ? 'iam.permissions.selectNone' : 'iam.permissions.selectAll'} />
                </button>
                <div className="check-grid">
                  {group.items.map((item, i) => {
                    const id = `${baseId}-${g}-${i}`;
                    return (
                      <div className="field field-check" key={item.permission}>
                        <input
                          type="checkbox"
                          id={id}
                          data-testid="role-permission"
                          value={item.permission}
                          checked={ticked.has(normalizePermission(item.permission))}
                          onChange={(e) => onChange(toggle(selected, [item.permission], e.target.checked))}
                        />
                        <label htmlFor={id} title={item.permission}>
                          {verbLabel(intl, group, item.verb)}
                        </label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
        </>
      )}
      <FieldErrors messages={errors} />
    </fieldset>
  );
}

function RoleForm({ role }: { role: RoleItem | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const adminId = useId();
  const levelId = useId();
  const [form, setForm] = useState<RoleInput>(() =>
    role ? { name: role.name, is_admin: role.is_admin, level: role.level, permissions: [...role.permissions] } : EMPTY,
  );
  const [level, setLevel] = useState(String(role?.level ?? 0));
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: RoleInput) => (role ? iamApi.updateRole(role.uuid, body) : iamApi.createRole(body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(iamKeys.role(saved.uuid), saved);
      showToast(role ? 'iam.role.saved' : 'iam.role.created', 'success');
      await invalidateRoles(queryClient);
      await navigate({ href: '/admin/iam/roles' });
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const remove = useMutation({
    mutationFn: () => iamApi.deleteRole(role!.uuid),
    onSuccess: async () => {
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: iamKeys.role(role!.uuid) });
      showToast('iam.role.deleted', 'success');
      await invalidateRoles(queryClient);
      await navigate({ href: '/admin/iam/roles' });
    },
    onError: (error) => setDeleteFailure(failureSummary(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    const fields: Record<string, string[]> = {};
    if (Array.from(name).length < IAM_LIMITS.nameMin) fields.name = ['cantBeLessThenChars'];
    const parsed = Number(level);
    if (level.trim() === '' || !Number.isInteger(parsed) || parsed < 0) fields.level = ['invalidNumber'];
    if (Object.keys(fields).length > 0) {
      setFailure({ message: null, fields });
      return;
    }
    setFailure(NO_FAILURE);
    save.mutate({ name, is_admin: form.is_admin, level: parsed, permissions: form.permissions });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="role-form">
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
          data-testid="role-name"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ min: IAM_LIMITS.nameMin }} />
      </div>
      <div className="field field-check">
        <input
          type="checkbox"
          id={adminId}
          data-testid="role-admin"
          checked={form.is_admin}
          aria-describedby={`${adminId}-hint`}
          onChange={(e) => setForm({ ...form, is_admin: e.target.checked })}
        />
        <label htmlFor={adminId}>
          <FormattedMessage id="iam.role.isAdmin" />
        </label>
        <small className="check-hint muted" id={`${adminId}-hint`}>
          <FormattedMessage id="iam.role.isAdminHint" />
        </small>
        <FieldErrors messages={fieldMessages(failure.fields, 'is_admin')} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={levelId}>
          <FormattedMessage id="iam.role.level" />
        </label>
        <input
          id={levelId}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          name="level"
          className="iam-level"
          data-testid="role-level"
          value={level}
          aria-describedby={`${levelId}-hint`}
          onChange={(e) => setLevel(e.target.value)}
        />
        <small className="muted" id={`${levelId}-hint`}>
          <FormattedMessage id="iam.role.levelHint" />
        </small>
        <FieldErrors messages={fieldMessages(failure.fields, 'level')} />
      </div>
      {form.is_admin ? (
        <p className="callout callout-info" data-testid="role-admin-note">
          <FormattedMessage id="iam.role.adminNote" />
        </p>
      ) : null}
      <PermissionPicker
        selected={form.permissions}
        onChange={(permissions) => setForm((f) => ({ ...f, permissions }))}
        errors={fieldMessages(failure.fields, 'permissions')}
      />
      <FailureText message={failure.message} />
      <div className="form-actions">
        {role ? (
          <button
            type="button"
            className="button danger"
            data-testid="role-delete"
            onClick={() => {
              setDeleteFailure(null);
              setConfirmDelete(true);
            }}
          >
            <FormattedMessage id="iam.role.delete" />
          </button>
        ) : null}
        <BackLink href="/admin/iam/roles" label="common.cancel" />
        <button type="submit" className="button button-primary" data-testid="role-save" disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'iam.saving' : 'iam.save'} />
        </button>
      </div>
      {role ? (
        <ConfirmDialog
          open={confirmDelete}
          title={<FormattedMessage id="iam.role.deleteTitle" />}
          confirmLabel={<FormattedMessage id="iam.role.delete" />}
          pending={remove.isPending}
          failure={deleteFailure}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => remove.mutate()}
        >
          <p>
            <FormattedMessage id="iam.role.deleteBody" values={{ name: <strong>{role.name}</strong>, users: role.users }} />
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

export function RoleCreatePage() {
  return (
    <div className="page page-narrow iam-role-page">
      <PageHeader title={<FormattedMessage id="iam.roles.create" />}>
        <BackLink href="/admin/iam/roles" label="iam.backToRoles" />
      </PageHeader>
      <RoleForm role={null} />
    </div>
  );
}

export function RoleEditPage() {
  const { id = '' } = useParams({ strict: false });
  const role = useQuery(roleQueryOptions(id));
  return (
    <div className="page page-narrow iam-role-page">
      <PageHeader title={role.data ? role.data.name : <FormattedMessage id="iam.role.edit" />}>
        <BackLink href="/admin/iam/roles" label="iam.backToRoles" />
      </PageHeader>
      {role.isPending ? <Loading /> : role.isError ? <LoadError error={role.error} /> : <RoleForm key={role.data.uuid} role={role.data} />}
    </div>
  );
}
