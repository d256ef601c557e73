// Our settings controls as @rjsf/core widgets, fields and templates, so a type's options form looks
// like the rest of the field dialog. Titles and descriptions are i18n keys (schemas/customData.schema.ts)
// or, in a plugin's schema, words: a key the catalogue has is translated, anything else shown as given.
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import type { FieldProps, FieldTemplateProps, ObjectFieldTemplateProps, RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType, WidgetProps } from '@rjsf/utils';
import { librariesQueryOptions } from '../../../../media/data';
import { FieldErrors, Note, SelectInput, TextInput } from '../../controls';
import { formControls, useSettingText } from '../../formControls';
import { TagsInput } from '../../TagsInput';

/** The input name of an option: the path the e2e specs and the 417 answer use. */
const OPTION_INPUT = 'field.constraints.custom_data';
export const optionName = (key: string) => `${OPTION_INPUT}.${key}`;

/** Label and hint of an option: its schema's title (else its key) and description. */
function useLabel(schema: RJSFSchema, key: string) {
  const text = useSettingText();
  return { label: text(schema.title) ?? key, hint: text(schema.description) };
}

/** The default media library: one of the project's libraries, by uuid. */
function MediaLibraryWidget({ schema, name, value, onChange, disabled, rawErrors }: WidgetProps) {
  const intl = useIntl();
  const { label, hint } = useLabel(schema, name);
  const libraries = useQuery(librariesQueryOptions());
  const list = libraries.data ?? [];
  return (
    <SelectInput
      name={optionName(name)}
      label={label}
      hint={hint}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      errors={rawErrors}
      placeholder={intl.formatMessage({ id: 'cmp.fields.opt.noDefaultLibrary' })}
      options={[...list.map((l) => ({ value: l.uuid, label: l.name })), ...(typeof value === 'string' && value && !list.some((l) => l.uuid === value) ? [{ value, label: value }] : [])]}
      onChange={(v) => onChange(v === '' ? null : v)}
    />
  );
}

/** The media libraries offered: a tick per library of the project, stored as their uuids. */
function MediaLibrariesField({ schema, name, formData, onChange, disabled }: FieldProps) {
  const { label, hint } = useLabel(schema, name);
  const libraries = useQuery(librariesQueryOptions());
  const chosen: string[] = Array.isArray(formData) ? formData.filter((v): v is string => typeof v === 'string') : [];
  const set = (uuid: string, on: boolean) => onChange(on ? [...chosen, uuid] : chosen.filter((u) => u !== uuid));
  return (
    <fieldset className="field" data-testid={`libraries-${name}`}>
      <legend className="field-label">{label}</legend>
      <div className="multi-select">
        {libraries.isPending ? <Note id="common.loading" /> : null}
        {libraries.isSuccess && libraries.data.length === 0 ? <Note id="cmp.fields.opt.noLibraries" /> : null}
        {(libraries.data ?? []).map((library) => (
          <label key={library.uuid}>
            <input type="checkbox" name={optionName(name)} value={library.uuid} disabled={disabled} checked={chosen.includes(library.uuid)} onChange={(e) => set(library.uuid, e.target.checked)} />
            {library.name}
          </label>
        ))}
      </div>
      {hint ? <small className="muted">{hint}</small> : null}
    </fieldset>
  );
}

/** A list of free texts (or one text, where the schema allows either): entries added and removed one by one. */
function TagsField({ schema, name, formData, onChange, disabled, rawErrors }: FieldProps) {
  const { label, hint } = useLabel(schema, name);
  const value = Array.isArray(formData) ? formData.map(String) : typeof formData === 'string' && formData.trim() !== '' ? formData.split(',').map((s) => s.trim()).filter(Boolean) : [];
  return <TagsInput name={optionName(name)} label={label} hint={hint} value={value} disabled={disabled} errors={rawErrors} onChange={onChange} />;
}

/** One text where the schema offers branches (a pattern, null or ''): edited as a text. */
function TextField({ schema, name, formData, onChange, disabled, rawErrors }: FieldProps) {
  const { label, hint } = useLabel(schema, name);
  return <TextInput name={optionName(name)} label={label} hint={hint} value={typeof formData === 'string' ? formData : ''} disabled={disabled} errors={rawErrors} onChange={(v) => onChange(v === '' ? null : v)} />;
}

function FieldTemplate({ children, hidden }: FieldTemplateProps) {
  return hidden ? <></> : children;
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <div className="form-grid">
      {properties.filter((p) => !p.hidden).map((p) => (
        <Fragment key={p.name}>{p.content}</Fragment>
      ))}
    </div>
  );
}

/** The settings forms' text, number, checkbox and select controls (an emptied option is left out, or null where allowed), and the media library. */
export const OPTION_WIDGETS: RegistryWidgetsType = { ...formControls({ input: OPTION_INPUT, emptyIsUndefined: true }), mediaLibrary: MediaLibraryWidget };
export const OPTION_FIELDS: RegistryFieldsType = { mediaLibraries: MediaLibrariesField, tags: TagsField, text: TextField };
export const OPTION_TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: () => null,
  FieldErrorTemplate: ({ errors }) => <FieldErrors messages={errors?.map(String)} />,
  ButtonTemplates: { SubmitButton: () => null },
};
