// Roles that may see and edit the field: a multi-select of the project's roles; unset means every role ('*').
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { roleListQueryOptions } from '../../../../../../renderers/data/components';
import type { FieldPartProps } from './FieldDialog';

type Which = 'see' | 'edit';

function RoleSet({ which, draft, change }: FieldPartProps & { which: Which }) {
  const roles = useQuery(roleListQueryOptions());
  const chosen = draft.roles?.[which] ?? null;
  const set = (value: string[] | null) => change({ roles: { see: draft.roles?.see ?? null, edit: draft.roles?.edit ?? null, [which]: value } });
  return (
    <fieldset className="field">
      <legend className="field-label">
        <FormattedMessage id={`cmp.fields.roles.${which}`} />
      </legend>
      <div className="multi-select" data-testid={`roles-${which}`}>
        <label>
          <input type="checkbox" name={`field.roles.${which}.all`} checked={chosen === null} onChange={(e) => set(e.target.checked ? null : [])} />
          <span>
            <code>*</code> <FormattedMessage id="cmp.fields.roles.all" />
          </span>
        </label>
        {roles.isPending ? <span className="muted"><FormattedMessage id="common.loading" /></span> : null}
        {(roles.data ?? []).map((role) => (
          <label key={role.uuid}>
            <input
              type="checkbox"
              name={`field.roles.${which}`}
              value={role.uuid}
              disabled={chosen === null}
              checked={chosen === null || chosen.includes(role.uuid)}
              onChange={(e) => set(e.target.checked ? [...(chosen ?? []), role.uuid] : (chosen ?? []).filter((r) => r !== role.uuid))}
            />
            {role.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function RolesEditor(props: FieldPartProps) {
  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="cmp.roles" />
      </legend>
      <div className="form-grid">
        <RoleSet {...props} which="see" />
        <RoleSet {...props} which="edit" />
      </div>
    </fieldset>
  );
}
