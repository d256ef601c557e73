// Presets (spec section 4): pick one, save the current filters as a new one (with roles), update,
// delete, set default. The built-in Default cannot be changed.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { roleListQueryOptions } from '../../data/components';
import { isBuiltIn, presetNameError } from './presets';
import type { ListController } from '../useListController';

function RolesSelect({ value, onChange }: { value: string[]; onChange: (roles: string[]) => void }) {
  const intl = useIntl();
  const roles = useQuery(roleListQueryOptions());
  return (
    <label className="field">
      <span className="field-label">
        <FormattedMessage id="records.list.presetRoles" />
      </span>
      <select
        multiple
        name="preset-roles"
        value={value}
        aria-describedby="preset-roles-hint"
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
      >
        {(roles.data ?? []).map((r) => (
          <option key={r.uuid} value={r.uuid}>
            {r.name}
          </option>
        ))}
      </select>
      <small id="preset-roles-hint" className="muted">
        {intl.formatMessage({ id: 'records.list.presetRolesHint' })}
      </small>
    </label>
  );
}

type Mode = null | 'new' | 'edit';

/** Save as (a name and roles) or Update (the selected preset's roles); either closes the form once saved. */
function PresetForm({ ctl, mode, onClose }: { ctl: ListController; mode: 'new' | 'edit'; onClose: () => void }) {
  const intl = useIntl();
  const { presets } = ctl;
  const selected = presets.selected;
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>(() => (mode === 'edit' && selected?.roles ? [...selected.roles] : []));
  const [touched, setTouched] = useState(false);
  const nameError = mode === 'new' ? presetNameError(name, ctl.component?.settings.presets) : null;
  const submit = async () => {
    setTouched(true);
    if (mode === 'new') {
      if (nameError) return;
      await ctl.saveAsPreset(name, roles);
    } else {
      await ctl.updatePreset(roles);
    }
    onClose();
  };
  return (
    <form
      className="subcard list-preset-form"
      data-testid="preset-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {mode === 'new' ? (
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="records.list.presetName" />
          </span>
          <input name="preset-name" value={name} autoFocus maxLength={128} onChange={(e) => setName(e.target.value)} aria-invalid={touched && nameError !== null} />
          {touched && nameError ? (
            <small className="field-errors" role="alert">
              {intl.formatMessage({ id: nameError === 'required' ? 'fieldRequired' : 'records.list.presetExists' })}
            </small>
          ) : null}
        </label>
      ) : (
        <p className="muted">
          <FormattedMessage id="records.list.presetUpdateHint" values={{ name: <strong>{selected?.name}</strong> }} />
        </p>
      )}
      <RolesSelect value={roles} onChange={setRoles} />
      <div className="row">
        <button type="submit" className="button button-primary button-small" data-testid="preset-save-submit" disabled={presets.saving}>
          <FormattedMessage id={mode === 'new' ? 'records.list.presetSave' : 'records.list.presetUpdate'} />
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
      </div>
    </form>
  );
}

export function PresetBar({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { presets } = ctl;
  const selected = presets.selected;
  const [mode, setMode] = useState<Mode>(null);
  // Presets are saved through the settings update: without 'settings {ref}' they are only picked.
  const writable = ctl.may.presets;
  const editable = writable && selected !== null && !isBuiltIn(selected);
  return (
    <div className="list-presets" data-testid="list-presets">
      <div className="row list-presets-row">
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="records.list.preset" />
          </span>
          <select data-testid="preset-select" value={selected?.name ?? ''} onChange={(e) => ctl.selectPreset(e.target.value)} disabled={presets.saving}>
            {presets.list.length === 0 ? <option value="">{intl.formatMessage({ id: 'records.list.noPreset' })}</option> : null}
            {presets.list.map((p) => (
              <option key={p.name} value={p.name}>
                {p.context?.default ? intl.formatMessage({ id: 'records.list.presetDefaultMark' }, { name: p.name }) : p.name}
              </option>
            ))}
          </select>
        </label>
        {writable ? (
          <button type="button" className="button button-small" data-testid="preset-save-as" onClick={() => setMode(mode === 'new' ? null : 'new')} disabled={presets.saving}>
            <FormattedMessage id="records.list.presetSaveAs" />
          </button>
        ) : null}
        {editable ? (
          <>
            <button type="button" className="button button-small" data-testid="preset-update" onClick={() => setMode(mode === 'edit' ? null : 'edit')} disabled={presets.saving}>
              <FormattedMessage id="records.list.presetUpdate" />
            </button>
            <button type="button" className="button button-small" data-testid="preset-set-default" onClick={() => void ctl.makeDefaultPreset()} disabled={presets.saving || selected?.context?.default === true}>
              <FormattedMessage id="records.list.presetSetDefault" />
            </button>
            <button type="button" className="button button-small danger" data-testid="preset-delete" onClick={() => void ctl.removePreset()} disabled={presets.saving}>
              <FormattedMessage id="records.list.presetDelete" />
            </button>
          </>
        ) : null}
      </div>
      {/* A new form for each mode: the name, the roles and the touched flag start afresh. */}
      {mode ? <PresetForm key={mode} ctl={ctl} mode={mode} onClose={() => setMode(null)} /> : null}
    </div>
  );
}
