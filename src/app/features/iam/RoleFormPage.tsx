// /admin/iam/roles/create and /admin/iam/roles/edit/:id: name, is admin, level, and the permission
// checkboxes (PermissionPicker.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RoleItem } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateRoles, roleQueryOptions } from '../../../../renderers/data/iam';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText } from '../../components/form/failure';
import { EditFormPage, FormPage } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { SubmitButton } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { BackLink } from '../../components/page';
import { NameField, nameRules } from './NameField';
import { PermissionPicker } from './PermissionPicker';

const ROLES = '/admin/iam/roles';
const BACK = { href: ROLES, label: 'iam.backToRoles' };

/** The level is typed as text, so a half-typed number can be refused with a message. */
interface RoleValues {
  name: string;
  is_admin: boolean;
  level: string;
  permissions: string[];
}

const valuesOf = (role: RoleItem | null): RoleValues =>
  role
    ? { name: role.name, is_admin: role.is_admin, level: String(role.level), permissions: [...role.permissions] }
    : { name: '', is_admin: false, level: '0', permissions: [] };

function roleRules(values: RoleValues): FieldRules {
  const rules = nameRules(values.name);
  const level = Number(values.level);
  if (values.level.trim() === '' || !Number.isInteger(level) || level < 0) rules.level = ['invalidNumber'];
  return rules;
}

function AdminCheck({ checked, onChange, errors }: { checked: boolean; onChange: (on: boolean) => void; errors: string[] | undefined }) {
  const id = useId();
  return (
    <div className="field field-check">
      <input type="checkbox" id={id} data-testid="role-admin" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        <FormattedMessage id="iam.role.isAdmin" />
      </label>
      <small className="check-hint muted" id={`${id}-hint`}>
        <FormattedMessage id="iam.role.isAdminHint" />
      </small>
      <FieldErrors messages={errors} />
    </div>
  );
}

function LevelField({ value, onChange, errors }: { value: string; onChange: (level: string) => void; errors: string[] | undefined }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="iam.role.level" />
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        name="level"
        className="iam-level"
        data-testid="role-level"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <small className="muted" id={`${id}-hint`}>
        <FormattedMessage id="iam.role.levelHint" />
      </small>
      <FieldErrors messages={errors} />
    </div>
  );
}

function RoleForm({ role }: { role: RoleItem | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useFormPage({
    initial: () => valuesOf(role),
    validate: roleRules,
    save: (v: RoleValues) => {
      const body = { name: v.name.trim(), is_admin: v.is_admin, level: Number(v.level), permissions: v.permissions };
      return role ? iamApi.updateRole(role.uuid, body) : iamApi.createRole(body);
    },
    toast: role ? 'iam.role.saved' : 'iam.role.created',
    onSaved: async (saved) => {
      queryClient.setQueryData(iamKeys.role(saved.uuid), saved);
      await invalidateRoles(queryClient);
      await navigate({ href: ROLES });
    },
  });
  const { values, set } = form;

  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid="role-form">
      <NameField testId="role-name" value={values.name} onValue={(name) => set('name', name)} errors={form.errors('name')} />
      <AdminCheck checked={values.is_admin} onChange={(on) => set('is_admin', on)} errors={form.errors('is_admin')} />
      <LevelField value={values.level} onChange={(level) => set('level', level)} errors={form.errors('level')} />
      {values.is_admin ? (
        <p className="callout callout-info" data-testid="role-admin-note">
          <FormattedMessage id="iam.role.adminNote" />
        </p>
      ) : null}
      <PermissionPicker selected={values.permissions} onChange={(permissions) => set('permissions', permissions)} errors={form.errors('permissions')} />
      <FailureText message={form.failure.message} />
      <div className="form-actions">
        {role ? (
          <RemoveButton
            label={<FormattedMessage id="iam.role.delete" />}
            title={<FormattedMessage id="iam.role.deleteTitle" />}
            testId="role-delete"
            remove={() => iamApi.deleteRole(role.uuid)}
            toast="iam.role.deleted"
            forget={(client) => {
              client.removeQueries({ queryKey: iamKeys.role(role.uuid) });
              return invalidateRoles(client);
            }}
            backTo={ROLES}
          >
            <p>
              <FormattedMessage id="iam.role.deleteBody" values={{ name: <strong>{role.name}</strong>, users: role.users }} />
            </p>
          </RemoveButton>
        ) : null}
        <BackLink href={ROLES} label="common.cancel" />
        <SubmitButton pending={form.pending} idle="iam.save" busy="iam.saving" testId="role-save" />
      </div>
    </form>
  );
}

export function RoleCreatePage() {
  return (
    <FormPage className="iam-role-page" title={<FormattedMessage id="iam.roles.create" />} back={BACK}>
      <RoleForm role={null} />
    </FormPage>
  );
}

export function RoleEditPage() {
  const { id = '' } = useParams({ strict: false });
  const role = useQuery(roleQueryOptions(id));
  return (
    <EditFormPage className="iam-role-page" query={role} title={(r) => (r ? r.name : <FormattedMessage id="iam.role.edit" />)} back={BACK}>
      {(r) => <RoleForm key={r.uuid} role={r} />}
    </EditFormPage>
  );
}
