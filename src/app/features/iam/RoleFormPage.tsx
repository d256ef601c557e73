// /admin/iam/roles/create and /admin/iam/roles/edit/:id: name, is admin, level, and the permission
// checkboxes (PermissionPicker.tsx).
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RoleItem } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateRoles, roleQueryOptions } from '../../../../renderers/data/iam';
import { FieldErrors } from '../../components/FieldErrors';
import { FormFooter, itemFormPages, useSavedThen } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { NameField, nameRules } from './NameField';
import { PermissionPicker } from './PermissionPicker';

const ROLES = '/admin/iam/roles';

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
  const onSaved = useSavedThen<RoleItem>({ cache: iamKeys.role, refresh: invalidateRoles, next: () => ROLES });
  const form = useFormPage({
    initial: () => valuesOf(role),
    validate: roleRules,
    save: (v: RoleValues) => {
      const body = { name: v.name.trim(), is_admin: v.is_admin, level: Number(v.level), permissions: v.permissions };
      return role ? iamApi.updateRole(role.uuid, body) : iamApi.createRole(body);
    },
    toast: role ? 'iam.role.saved' : 'iam.role.created',
    onSaved,
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
      <FormFooter form={form} idle="iam.save" busy="iam.saving" testId="role-save" cancel={ROLES}>
        {role ? <RemoveRole role={role} /> : null}
      </FormFooter>
    </form>
  );
}

function RemoveRole({ role }: { role: RoleItem }) {
  return (
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
  );
}

export const { CreatePage: RoleCreatePage, EditPage: RoleEditPage } = itemFormPages({
  className: 'iam-role-page',
  back: { href: ROLES, label: 'iam.backToRoles' },
  createTitle: <FormattedMessage id="iam.roles.create" />,
  read: roleQueryOptions,
  title: (r) => (r ? r.name : <FormattedMessage id="iam.role.edit" />),
  form: (role) => <RoleForm role={role} />,
});
