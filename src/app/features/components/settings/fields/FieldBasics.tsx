// Name, labels, key (derived from the name while auto-key is on), description, group, flags, module and type.
import { FormattedMessage, useIntl } from 'react-intl';
import { deriveFieldKey, normaliseFieldKey, toStartCase } from '../../../../../../runtime/components';
import { declaredFieldType, fieldTypeTable, isKnownModule } from '../../../../../../runtime/fieldTypes';
import { Checkbox, LabelInputs, SelectInput, TextInput, WrapField } from '../controls';
import type { FieldPartProps } from './FieldDialog';
import { draftKey } from './fieldForm';

/** The name (stored in start case), the key derived from it while auto-key is on, and the auto-key switch. */
function NameAndKey({ draft, change, errors }: FieldPartProps) {
  const autoKey = draft.auto_key ?? true;
  const key = draftKey(draft);
  return (
    <>
      <div className="form-grid">
        <TextInput
          label={<FormattedMessage id="cmp.name" />}
          name="field.name"
          value={draft.name ?? ''}
          errors={errors.name}
          hint={draft.name ? <FormattedMessage id="cmp.fields.storedAs" values={{ value: toStartCase(draft.name) }} /> : undefined}
          onChange={(name) => change(autoKey ? { name, key: deriveFieldKey(toStartCase(name)) } : { name })}
        />
        <TextInput
          label={<FormattedMessage id="cmp.fields.key" />}
          name="field.key"
          value={key}
          readOnly={autoKey}
          errors={errors.key}
          onChange={(value) => change({ key: normaliseFieldKey(value) })}
        />
      </div>
      <Checkbox
        name="field.auto_key"
        label={<FormattedMessage id="cmp.fields.autoKey" />}
        checked={autoKey}
        onChange={(on) => change({ auto_key: on, key })}
      />
    </>
  );
}

/** Module and type, from the built-in table and the enabled plugins' types (runtime/fieldTypes); fixed once the field exists. */
function ModuleAndType({ draft, change, errors, existing, modules }: FieldPartProps) {
  const intl = useIntl();
  const table = fieldTypeTable();
  const module = isKnownModule(draft.module) ? draft.module : '';
  const types: readonly string[] = module ? (table[module] ?? []) : [];
  const choose = intl.formatMessage({ id: 'cmp.choose' });
  // Each type says in a line what it is (cmp.fields.typeHelp.<module>.<type>), a plugin's type its label.
  const typeHelp = (t: string): string | null => {
    const declared = declaredFieldType(module, t);
    if (declared) return declared.declaration.label;
    const id = `cmp.fields.typeHelp.${module}.${t}`;
    return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : null;
  };
  const typeLabel = (t: string) => {
    const help = typeHelp(t);
    return help ? `${t} — ${help}` : t;
  };
  const chosenHelp = draft.type && types.includes(draft.type) ? typeHelp(draft.type) : null;
  return (
    <>
      <div className="form-grid">
        <SelectInput
          label={<FormattedMessage id="cmp.fields.module" />}
          name="field.module"
          value={module}
          disabled={existing}
          placeholder={choose}
          options={Object.keys(table).filter((m) => !modules || modules.includes(m)).map((m) => ({ value: m, label: m }))}
          errors={errors.module}
          onChange={(next) => change({ module: next || undefined, type: next ? table[next]?.[0] : undefined })}
        />
        <SelectInput
          label={<FormattedMessage id="cmp.fields.type" />}
          name="field.type"
          value={draft.type ?? ''}
          disabled={existing || !module}
          placeholder={choose}
          options={types.map((t) => ({ value: t, label: typeLabel(t) }))}
          hint={chosenHelp ? <span data-testid="field-type-help">{chosenHelp}</span> : undefined}
          errors={errors.type}
          onChange={(t) => change({ type: t || undefined })}
        />
      </div>
      {existing ? (
        <p className="hint">
          <FormattedMessage id="cmp.fields.moduleProtected" />
        </p>
      ) : null}
    </>
  );
}

export function FieldBasics(props: FieldPartProps) {
  const { draft, change, errors } = props;
  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="cmp.fields.basics" />
      </legend>
      <NameAndKey {...props} />
      <div className="form-grid">
        <LabelInputs name="field.label" value={draft.label} onChange={(locale, v) => change({ label: { ...draft.label, [locale]: v } })} />
        <TextInput
          label={<FormattedMessage id="cmp.fields.group" />}
          name="field.group"
          value={draft.group ?? ''}
          placeholder="general"
          errors={errors.group}
          onChange={(group) => change({ group })}
        />
      </div>
      <WrapField label={<FormattedMessage id="cmp.fields.description" />}>
        <textarea name="field.description" rows={2} value={draft.description ?? ''} onChange={(e) => change({ description: e.target.value })} />
      </WrapField>
      <ModuleAndType {...props} />
      <div className="check-grid">
        <Checkbox name="field.visible" label={<FormattedMessage id="cmp.fields.visible" />} checked={draft.visible ?? true} onChange={(visible) => change({ visible })} />
        <Checkbox name="field.protected" label={<FormattedMessage id="cmp.fields.protected" />} checked={draft.protected ?? false} onChange={(p) => change({ protected: p })} />
        <Checkbox name="field.unique" label={<FormattedMessage id="cmp.fields.unique" />} checked={draft.unique ?? false} onChange={(unique) => change({ unique })} errors={errors.unique} />
      </div>
    </fieldset>
  );
}
