// The field's relation to another component: an active component of the same scope, the key pair
// [own key, foreign key] and the type. Choosing a component loads its settings and offers its
// foreign keys (foreignKeyOptions; uuid always), and fills the keys with the field's own key and the
// related record's uuid (issue 29). Remove clears component, uuid, key and type.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { foreignKeyOptions, isEmptyRelation } from '../../../../../../runtime/components';
import type { FieldDefinition, Relation } from '../../../../../../schemas';
import { componentSettingsQueryOptions, componentsQueryOptions } from '../../../../../../renderers/data/components';
import { type ComponentModel } from '../../../../../../runtime/client/components';
import { localeStore } from '../../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../../renderers/ui/store';
import { componentLabel } from '../../../../../../renderers/ui/componentLabel';
import { FieldErrors, Note, SelectInput } from '../controls';
import type { FieldPartProps } from './FieldDialog';
import { draftKey } from './fieldForm';

const EMPTY: Relation = { foreign: null, foreign_uuid: null, key: null, type: null };

type ForeignSettings = { fields: FieldDefinition[] } | null;

/** The components a relation may point at, the chosen one, and its fields once loaded (also told to the dialog, which checks the relation). */
function useForeignComponent(model: ComponentModel, relation: Relation, onForeignSettings: (s: ForeignSettings) => void) {
  const components = useQuery(componentsQueryOptions());
  const candidates = (components.data ?? []).filter((c) => c.is_active && (c.scope ?? null) === (model.scope ?? null));
  const foreign = candidates.find((c) => c.ref === relation.foreign || c.uuid === relation.foreign_uuid);
  const foreignVersion = foreign ? (foreign.dev_version ?? foreign.public_version) : null;
  const foreignSettings = useQuery({ ...componentSettingsQueryOptions(foreign?.ref ?? '', foreignVersion), enabled: Boolean(foreign && foreignVersion) });
  const loadedFields = foreignSettings.data?.settings.fields;

  useEffect(() => {
    onForeignSettings(loadedFields ? { fields: loadedFields } : null);
  }, [loadedFields, onForeignSettings]);

  return { candidates, foreign, loading: Boolean(foreign) && foreignSettings.isPending, foreignKeys: loadedFields ? foreignKeyOptions({ fields: loadedFields }) : ['uuid'] };
}

/**
 * The relation once a component is chosen, with the obvious defaults filled in: own key the field's
 * own key (unless one is chosen), foreign key the related record's uuid (another component's keys are
 * not this one's), one-to-one unless a type is chosen.
 */
export function chosenComponent(relation: Relation, chosen: { ref: string; uuid: string }, fieldKey: string): Partial<Relation> {
  const own = relation.key?.[0] || fieldKey;
  return { foreign: chosen.ref, foreign_uuid: chosen.uuid, key: [own, 'uuid'], type: relation.type ?? 'one-to-one' };
}

export function RelationshipEditor({ draft, change, errors, model, onForeignSettings }: FieldPartProps & { model: ComponentModel; onForeignSettings: (s: ForeignSettings) => void }) {
  const intl = useIntl();
  const locale = useStore(localeStore);
  const relation: Relation = { ...EMPTY, ...draft.relation };
  const { candidates, foreign, loading, foreignKeys } = useForeignComponent(model, relation, onForeignSettings);

  const set = (patch: Partial<Relation>) => change({ relation: { ...relation, ...patch } });
  const ownKeys = [...new Set([...model.settings.fields.map((f) => f.key), draftKey(draft), 'uuid'].filter(Boolean))];
  const pair = relation.key ?? ['', ''];
  const setPair = (own: string, other: string) => set({ key: own || other ? [own, other] : null });
  const choose = intl.formatMessage({ id: 'cmp.choose' });
  const keyOptions = (keys: readonly string[]) => keys.map((k) => ({ value: k, label: k }));

  return (
    <fieldset className="subcard" data-testid="relationship-editor">
      <legend>
        <FormattedMessage id="cmp.fields.relationship" />
      </legend>
      <div className="form-grid">
        <SelectInput
          label={<FormattedMessage id="cmp.fields.foreignComponent" />}
          name="field.relation.foreign"
          value={foreign?.ref ?? ''}
          placeholder={candidates.length === 0 ? intl.formatMessage({ id: 'cmp.fields.noActiveComponent' }) : choose}
          disabled={candidates.length === 0}
          options={candidates.map((c) => ({ value: c.ref, label: componentLabel(c, locale) }))}
          onChange={(ref) => {
            const c = candidates.find((x) => x.ref === ref);
            set(c ? chosenComponent(relation, c, draftKey(draft)) : { foreign: null, foreign_uuid: null, key: relation.key ? [relation.key[0], ''] : null });
          }}
        />
        <SelectInput
          label={<FormattedMessage id="cmp.fields.relationType" />}
          name="field.relation.type"
          value={relation.type ?? ''}
          placeholder={choose}
          options={keyOptions(['one-to-one', 'one-to-many'])}
          onChange={(v) => set({ type: (v || null) as Relation['type'] })}
        />
        <SelectInput label={<FormattedMessage id="cmp.fields.ownKey" />} name="field.relation.key.0" value={pair[0]} placeholder={choose} options={keyOptions(ownKeys)} onChange={(v) => setPair(v, pair[1])} />
        <SelectInput label={<FormattedMessage id="cmp.fields.foreignKey" />} name="field.relation.key.1" value={pair[1]} disabled={!foreign} placeholder={choose} options={keyOptions(foreignKeys)} onChange={(v) => setPair(pair[0], v)} />
      </div>
      {loading ? <Note id="common.loading" /> : null}
      <FieldErrors messages={errors.relation} />
      {!isEmptyRelation(relation) ? (
        <button type="button" className="button button-small danger" data-testid="relation-remove" onClick={() => change({ relation: { ...EMPTY } })}>
          <FormattedMessage id="cmp.fields.relationRemove" />
        </button>
      ) : null}
    </fieldset>
  );
}
