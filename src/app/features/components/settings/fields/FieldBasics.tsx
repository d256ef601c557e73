// Name, labels, key (derived from the name while auto-key is on), description, group, flags, module and type.
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES } from '../../../../../../runtime/i18n';
import { deriveFieldKey, normaliseFieldKey, toStartCase } from '../../../../../../runtime/components';
import { declaredFieldType, fieldTypeTable, isKnownModule } from '../../../../../../runtime/fieldTypes';
import { Checkbox, FieldErrors, TextInput } from '../controls';
import type { FieldPartProps } from './FieldDialog';

export function FieldBasics({ draft, change, errors, existing, modules }: FieldPartProps) {
  const intl = useIntl();
  const moduleId = useId();
  const typeId = useId();
  const autoKey = draft.auto_key ?? true;
  const key = autoKey ? deriveFieldKey(toStartCase(draft.name ?? '')) : (draft.key ?? '');
  // The built-in table and the enabled plugins' types (runtime/fieldTypes).
  const table = fieldTypeTable();
  const module = isKnownModule(draft.module) ? draft.module : '';
  const types: readonly string[] = module ? (table[module] ?? []) : [];

  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="cmp.fields.basics" />
      </legend>
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
      <div className="form-grid">
        {LOCALES.map((locale) => (
          <TextInput
            key={locale}
            name={`field.label.${locale}`}
            label={<FormattedMessage id="cmp.create.labelIn" values={{ locale: <FormattedMessage id={`locale.${locale}`} /> }} />}
            value={draft.label?.[locale] ?? ''}
            onChange={(v) => change({ label: { ...draft.label, [locale]: v } })}
          />
        ))}
        <TextInput
          label={<FormattedMessage id="cmp.fields.group" />}
          name="field.group"
          value={draft.group ?? ''}
          placeholder="general"
          errors={errors.group}
          onChange={(group) => change({ group })}
        />
      </div>
      <label className="field">
        <span className="field-label">
          <FormattedMessage id="cmp.fields.description" />
        </span>
        <textarea name="field.description" rows={2} value={draft.description ?? ''} onChange={(e) => change({ description: e.target.value })} />
      </label>
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor={moduleId}>
            <FormattedMessage id="cmp.fields.module" />
          </label>
          <select
            id={moduleId}
            name="field.module"
            value={module}
            disabled={existing}
            onChange={(e) => {
              const next = e.target.value;
              change({ module: next || undefined, type: next ? table[next]?.[0] : undefined });
            }}
          >
            <option value="">{intl.formatMessage({ id: 'cmp.choose' })}</option>
            {Object.keys(table).filter((m) => !modules || modules.includes(m)).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <FieldErrors messages={errors.module} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={typeId}>
            <FormattedMessage id="cmp.fields.type" />
          </label>
          <select id={typeId} name="field.type" value={draft.type ?? ''} disabled={existing || !module} onChange={(e) => change({ type: e.target.value || undefined })}>
            <option value="">{intl.formatMessage({ id: 'cmp.choose' })}</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {declaredFieldType(module, t) ? `${t} (${declaredFieldType(module, t)!.declaration.label})` : t}
              </option>
            ))}
          </select>
          <FieldErrors messages={errors.type} />
        </div>
      </div>
      {existing ? (
        <p className="hint">
          <FormattedMessage id="cmp.fields.moduleProtected" />
        </p>
      ) : null}
      <div className="check-grid">
        <Checkbox name="field.visible" label={<FormattedMessage id="cmp.fields.visible" />} checked={draft.visible ?? true} onChange={(visible) => change({ visible })} />
        <Checkbox name="field.protected" label={<FormattedMessage id="cmp.fields.protected" />} checked={draft.protected ?? false} onChange={(p) => change({ protected: p })} />
        <Checkbox name="field.unique" label={<FormattedMessage id="cmp.fields.unique" />} checked={draft.unique ?? false} onChange={(unique) => change({ unique })} errors={errors.unique} />
      </div>
    </fieldset>
  );
}
