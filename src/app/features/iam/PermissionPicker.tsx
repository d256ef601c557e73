// The permission checkboxes of a role, grouped (media; each component ref with its verbs), with a
// filter for long lists.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { permissionsQueryOptions } from '../../../../renderers/data/iam';
import { isMessageKey } from '../../../../runtime/i18n';
import { normalizePermission } from '../../../../runtime/permissions/hasPermission';
import { FieldErrors } from '../../components/FieldErrors';
import { LoadError, Loading } from '../../components/LoadState';
import { filterGroups, groupPermissions, selectionSet, toggle, type PermissionGroup } from './permissionGroups';

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

/** One group's checkboxes, with a button that ticks (or unticks) the whole group. */
function GroupBox({ group, ticked, onToggle }: { group: PermissionGroup; ticked: Set<string>; onToggle: (permissions: string[], on: boolean) => void }) {
  const intl = useIntl();
  const baseId = useId();
  const perms = group.items.map((i) => i.permission);
  const all = perms.every((p) => ticked.has(normalizePermission(p)));
  return (
    <fieldset className="iam-permission-group" data-testid="role-permission-group" data-group={group.id}>
      <legend>
        <GroupTitle group={group} />
      </legend>
      <button type="button" className="button button-small button-ghost" data-testid="role-permission-group-toggle" onClick={() => onToggle(perms, !all)}>
        <FormattedMessage id={all ? 'iam.permissions.selectNone' : 'iam.permissions.selectAll'} />
      </button>
      <div className="check-grid">
        {group.items.map((item, i) => {
          const id = `${baseId}-${i}`;
          return (
            <div className="field field-check" key={item.permission}>
              <input
                type="checkbox"
                id={id}
                data-testid="role-permission"
                value={item.permission}
                checked={ticked.has(normalizePermission(item.permission))}
                onChange={(e) => onToggle([item.permission], e.target.checked)}
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
}

/** The groups, with a filter once the list is long. */
function Groups({ groups, selected, onChange }: { groups: PermissionGroup[]; selected: string[]; onChange: (next: string[]) => void }) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterGroups(groups, filter), [groups, filter]);
  const ticked = selectionSet(selected);
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  if (total === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="iam.permissions.none" />
      </p>
    );
  }
  return (
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
      {shown.map((group) => (
        <GroupBox key={group.id} group={group} ticked={ticked} onToggle={(perms, on) => onChange(toggle(selected, perms, on))} />
      ))}
    </>
  );
}

export function PermissionPicker({
  selected,
  onChange,
  errors,
}: {
  selected: string[];
  onChange: (next: string[]) => void;
  errors?: readonly string[];
}) {
  const available = useQuery(permissionsQueryOptions());
  const groups = useMemo(() => groupPermissions(available.data ?? [], selected), [available.data, selected]);
  return (
    <fieldset className="field iam-permissions" data-testid="role-permissions">
      <legend className="field-label">
        <FormattedMessage id="iam.role.permissions" />{' '}
        <span className="muted" data-testid="role-permission-count">
          <FormattedMessage id="iam.permissions.selected" values={{ count: selectionSet(selected).size }} />
        </span>
      </legend>
      {available.isPending ? <Loading /> : available.isError ? <LoadError error={available.error} /> : <Groups groups={groups} selected={selected} onChange={onChange} />}
      <FieldErrors messages={errors} />
    </fieldset>
  );
}
