// The field's relation to another component: an active component of the same scope, the key pair
// [own key, foreign key] and the type. Choosing a component loads its settings and offers its
// foreign keys (foreignKeyOptions; uuid always). Remove clears component, uuid, key and type.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deriveFieldKey, foreignKeyOptions, isEmptyRelation, toStartCase } from '../../../../../../runtime/components';
import type { FieldDefinition, Relation } from '../../../../../../schemas';
import { componentSettingsQueryOptions, componentsQueryOptions } from '../../../../../../renderers/data/components';
import { type ComponentModel } from '../../../../../../runtime/client/components';
import { localeStore } from '../../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../../renderers/ui/store';
import { componentLabel } from '../../../../../../renderers/ui/componentLabel';
import { FieldErrors } from '../controls';
import type { FieldPartProps } from './FieldDialog';

const EMPTY: Relation = { foreign: null, foreign_uuid: null, key: null, type: null };

function Select({ label, name, value, options, onChange, disabled, placeholder }: { label: ReactNode; name: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void; disabled?: boolean; placeholder: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RelationshipEditor({ draft, change, errors, model, onForeignSettings }: FieldPartProps & { model: ComponentModel; onForeignSettings: (s: { fields: FieldDefinition[] } | null) => void }) {
  const intl = useIntl();
  const locale = useStore(localeStore);
  const relation: Relation = { ...EMPTY, ...draft.relation };
  const components = useQuery(componentsQueryOptions());
  const candidates = (components.data ?? []).filter((c) => c.is_active && (c.scope ?? null) === (model.scope ?? null));
  const foreign = candidates.find((c) => c.ref === relation.foreign || c.uuid === relation.foreign_uuid);
  const foreignVersion = foreign ? (foreign.dev_version ?? foreign.public_version) : null;
  const foreignSettings = useQuery({ ...componentSettingsQueryOptions(foreign?.ref ?? '', foreignVersion), enabled: Boolean(foreign && foreignVersion) });
  const loadedFields = foreignSettings.data?.settings.fields;

  useEffect(() => {
    onForeignSettings(loadedFields ? { fields: loadedFields } : null);
  }, [loadedFields, onForeignSettings]);

  const set = (patch: Partial<Relation>) => change({ relation: { ...relation, ...patch } });
  const ownKey = (draft.auto_key ?? true) ? deriveFieldKey(toStartCase(draft.name ?? '')) : (draft.key ?? '');
  const ownKeys = [...new Set([...model.settings.fields.map((f) => f.key), ownKey, 'uuid'].filter(Boolean))];
  const foreignKeys = loadedFields ? foreignKeyOptions({ fields: loadedFields }) : ['uuid'];
  const pair = relation.key ?? ['', ''];
  const setPair = (own: string, other: string) => set({ key: own || other ? [own, other] : null });
  const none = intl.formatMessage({ id: 'cmp.fields.noActiveComponent' });

  return (
    <fieldset className="subcard" data-testid="relationship-editor">
      <legend>
        <FormattedMessage id="cmp.fields.relationship" />
      </legend>
      <div className="form-grid">
        <Select
          label={<FormattedMessage id="cmp.fields.foreignComponent" />}
          name="field.relation.foreign"
          value={foreign?.ref ?? ''}
          placeholder={candidates.length === 0 ? none : intl.formatMessage({ id: 'cmp.choose' })}
          disabled={candidates.length === 0}
          options={candidates.map((c) => ({ value: c.ref, label: componentLabel(c, locale) }))}
          onChange={(ref) => {
            const c = candidates.find((x) => x.ref === ref);
            set({ foreign: c?.ref ?? null, foreign_uuid: c?.uuid ?? null, key: relation.key ? [relation.key[0], ''] : null });
          }}
        />
        <Select
          label={<FormattedMessage id="cmp.fields.relationType" />}
          name="field.relation.type"
          value={relation.type ?? ''}
          placeholder={intl.formatMessage({ id: 'cmp.choose' })}
          options={[{ value: 'one-to-one', label: 'one-to-one' }, { value: 'one-to-many', label: 'one-to-many' }]}
          onChange={(v) => set({ type: (v || null) as Relation['type'] })}
        />
        <Select
          label={<FormattedMessage id="cmp.fields.ownKey" />}
          name="field.relation.key.0"
          value={pair[0]}
          placeholder={intl.formatMessage({ id: 'cmp.choose' })}
          options={ownKeys.map((k) => ({ value: k, label: k }))}
          onChange={(v) => setPair(v, pair[1])}
        />
        <Select
          label={<FormattedMessage id="cmp.fields.foreignKey" />}
          name="field.relation.key.1"
          value={pair[1]}
          disabled={!foreign}
          placeholder={intl.formatMessage({ id: 'cmp.choose' })}
          options={foreignKeys.map((k) => ({ value: k, label: k }))}
          onChange={(v) => setPair(pair[0], v)}
        />
      </div>
      {foreign && foreignSettings.isPending ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : null}
      <FieldErrors messages={errors.relation} />
      {!isEmptyRelation(relation) ? (
        <button type="button" className="button button-small danger" data-testid="relation-remove" onClick={() => change({ relation: { ...EMPTY } })}>
          <FormattedMessage id="cmp.fields.relationRemove" />
        </button>
      ) : null}
    </fieldset>
  );
}
