// Writes the usual pipeline for the admin: group the records by one field and count them, or sum,
// average, take the least or the most of a number field, sorted by the group. What it writes is plain
// $aggregate JSON in the form's text area, to keep or edit further.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentSettingsQueryOptions } from '../../../../renderers/data/components';
import { SelectInput } from '../components/settings/controls';

const MEASURES = ['count', 'sum', 'avg', 'min', 'max'] as const;
type Measure = (typeof MEASURES)[number];

/** The pipeline: the groups of `groupBy` with one value named after the measure, sorted by the group. */
export function groupPipeline(groupBy: string, measure: Measure, of: string): { aggregate: unknown[]; value: string } {
  const value = measure === 'count' ? 'count' : `${measure}_${of}`;
  const accumulator = measure === 'count' ? { $sum: 1 } : { [`$${measure}`]: `$${of}` };
  return { aggregate: [{ $group: { _id: `$${groupBy}`, [value]: accumulator } }, { $sort: { _id: 1 } }], value };
}

export function PipelineHelper({ component, onWrite }: { component: string; onWrite: (aggregate: string, value: string) => void }) {
  const intl = useIntl();
  const settings = useQuery({ ...componentSettingsQueryOptions(component, null), enabled: component !== '' });
  const [groupBy, setGroupBy] = useState('');
  const [measure, setMeasure] = useState<Measure>('count');
  const [of, setOf] = useState('');
  const fields = (settings.data?.settings.fields ?? []).filter((field) => field.key && field.module !== 'fieldset' && field.module !== 'table');
  const numbers = fields.filter((field) => field.type === 'number');
  const labelOf = (field: (typeof fields)[number]) => field.name || field.key;
  const ready = groupBy !== '' && (measure === 'count' || of !== '');
  if (component === '' || fields.length === 0) return null;
  return (
    <fieldset className="widget-helper" data-testid="widget-helper">
      <legend className="field-label">
        <FormattedMessage id="widgets.helper.title" />
      </legend>
      <div className="form-grid">
        <SelectInput label={<FormattedMessage id="widgets.helper.groupBy" />} name="helper.group_by" value={groupBy} placeholder={intl.formatMessage({ id: 'cmp.choose' })} options={fields.map((f) => ({ value: f.key, label: labelOf(f) }))} onChange={setGroupBy} />
        <SelectInput
          label={<FormattedMessage id="widgets.helper.measure" />}
          name="helper.measure"
          value={measure}
          placeholder={intl.formatMessage({ id: 'cmp.choose' })}
          options={MEASURES.map((m) => ({ value: m, label: intl.formatMessage({ id: `widgets.helper.${m}` }) }))}
          onChange={(v) => setMeasure((v || 'count') as Measure)}
        />
        {measure !== 'count' ? (
          <SelectInput label={<FormattedMessage id="widgets.helper.of" />} name="helper.of" value={of} placeholder={intl.formatMessage({ id: 'cmp.choose' })} options={numbers.map((f) => ({ value: f.key, label: labelOf(f) }))} onChange={setOf} />
        ) : null}
      </div>
      <button
        type="button"
        className="button"
        data-testid="widget-helper-write"
        disabled={!ready}
        onClick={() => {
          const { aggregate, value } = groupPipeline(groupBy, measure, of);
          onWrite(JSON.stringify(aggregate, null, 2), value);
        }}
      >
        <FormattedMessage id="widgets.helper.write" />
      </button>
    </fieldset>
  );
}
