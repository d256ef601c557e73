// Context entries (key and value; 'filter:…' keys name a filter target, 'var:name' a variable).
// Entries with an empty key or value are dropped when the field is stored.
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldPartProps } from './FieldDialog';
import { X } from '../../../../../../renderers/ui/icons';
import { WrapField } from '../controls';

export function ContextEditor({ draft, change }: FieldPartProps) {
  const intl = useIntl();
  const entries = draft.context ?? [];
  const set = (i: number, patch: Partial<{ key: string; value: string }>) =>
    change({ context: entries.map((e, j) => (j === i ? { ...e, ...patch } : e)) });
  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="cmp.fields.context" />
      </legend>
      <p className="hint">
        <FormattedMessage id="cmp.fields.contextHint" />
      </p>
      {entries.map((entry, i) => (
        <div className="row" key={i} data-testid="context-entry">
          <WrapField label={<FormattedMessage id="cmp.fields.contextKey" />} width="grow">
            <input name={`field.context.${i}.key`} value={entry.key} onChange={(e) => set(i, { key: e.target.value })} />
          </WrapField>
          <WrapField label={<FormattedMessage id="cmp.fields.contextValue" />} width="grow">
            <input name={`field.context.${i}.value`} value={entry.value} onChange={(e) => set(i, { value: e.target.value })} />
          </WrapField>
          <button type="button" className="button button-ghost danger" aria-label={intl.formatMessage({ id: 'common.remove' })} onClick={() => change({ context: entries.filter((_, j) => j !== i) })}>
            <X />
          </button>
        </div>
      ))}
      <button type="button" className="button button-small" data-testid="context-add" onClick={() => change({ context: [...entries, { key: '', value: '' }] })}>
        <FormattedMessage id="cmp.fields.contextAdd" />
      </button>
    </fieldset>
  );
}
