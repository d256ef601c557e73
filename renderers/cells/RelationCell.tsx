// select/relation: the related record's label from the `{key}_RefObj` the list answer carries. The label
// is the admin's (the field's relation.label) or, as in the form's select, the related component's first
// text field (read from its settings, shared by every cell of the column through the query cache); a
// value whose record did not come along shows its short id.
import { useQuery } from '@tanstack/react-query';
import { relationDisplay, relationDisplayFor, type RelationDisplay } from '../../runtime/compile/selectData';
import { componentSettingsQueryOptions } from '../data/components';
import { relationLabel, UNKNOWN_VALUE } from '../controls/select/relation/label';
import { useRelationClient } from '../controls/select/relation/useForeign';
import type { CellProps } from '../registry/cells';
import type { ViewField } from '../../schemas';
import { shortId } from './UuidCell';

/** The label template of the column: the admin's, else the related component's first text field once its settings are read. */
function useLabelTemplate(field: ViewField): string {
  const given = (field.options.customData.relation as RelationDisplay | undefined) ?? relationDisplay(null);
  const foreign = field.relation?.foreign ?? '';
  const { client } = useRelationClient();
  const settings = useQuery({ ...componentSettingsQueryOptions(foreign, null), retry: false, enabled: given.label === null && foreign !== '' }, client);
  return relationDisplayFor(given, settings.data?.settings?.fields ?? null).label;
}

export function RelationCell({ field, value, row, locale }: CellProps) {
  const template = useLabelTemplate(field);
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  if (values.length === 0) return null;
  const companion = row[`${field.key}_RefObj`];
  const related = (Array.isArray(companion) ? companion : companion ? [companion] : []) as Record<string, unknown>[];
  const keyField = field.relation?.key[1] ?? 'uuid';
  const labels = values.map((v) => {
    const record = related.find((r) => String(r[keyField] ?? r.uuid) === String(v));
    const label = record ? relationLabel(template, record, locale) : UNKNOWN_VALUE;
    return label === UNKNOWN_VALUE || label === String(v) ? shortId(String(v)) : label;
  });
  return (
    <span className="cell-chips" title={labels.join(', ')}>
      {labels.map((label, i) => (
        <span key={i} className="cell-chip cell-chip-relation">
          {label}
        </span>
      ))}
    </span>
  );
}
