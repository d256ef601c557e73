import type { CompileInput, ComponentSettings, ViewSchema } from '../../schemas';
import { recordsEn_US } from '../i18n/records.en_US';
import { recordsSr } from '../i18n/records.sr';

/** The record texts a compiled schema carries (column and group labels), per record locale: only these, so the browser needs no whole catalogue. */
const RECORD_TEXTS: Record<string, Record<string, string>> = { en_US: recordsEn_US, sr: recordsSr };
import { compileColumns, VIRTUAL_COLUMNS, type VirtualColumn } from './compileColumns';
import { compileField } from './compileField';
import { compileGroups } from './compileGroups';
import { compileJsonSchema } from './compileJsonSchema';
import { compileUiSchema } from './compileUiSchema';
import { localizeLabel } from './localizeLabel';

/**
 * One component version's settings compiled for one caller (docs/records.md, "ViewSchema"): fields in
 * sortOrder with their options normalised once, access per spec section 6, validation plans, tabs,
 * list columns, and the @rjsf/core schemas. Pure and deterministic; the settings are not mutated and
 * the result shares nothing with them.
 */
export function compileViewSchema(settings: ComponentSettings, input: CompileInput): ViewSchema {
  const own = structuredClone(settings);
  const catalogue: Record<string, string> = RECORD_TEXTS[input.locale] ?? recordsEn_US;
  const fields = (own.fields ?? [])
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.sortOrder ?? 0) - (b.field.sortOrder ?? 0) || a.index - b.index)
    .map(({ field }) => compileField(field, input));
  const label = localizeLabel(input.component.label, input.locale, input.component.name);
  const virtualLabels = Object.fromEntries(
    VIRTUAL_COLUMNS.map((key) => [key, catalogue[`records.column.${key}`]]),
  ) as Record<VirtualColumn, string>;
  return {
    component: { uuid: input.component.uuid, ref: input.component.ref, name: input.component.name, version: own.version, label },
    fields,
    groups: compileGroups(fields, catalogue['records.group.general'] ?? recordsEn_US['records.group.general']),
    columns: compileColumns({ settings: own, fields, locale: input.locale, virtualLabels }),
    model: { disable: own.model?.disable === true, timestamps: own.model?.timestamps === true },
    jsonSchema: compileJsonSchema(fields, label, input.page),
    uiSchema: compileUiSchema(fields),
  };
}
