import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldMessages } from '../shared/FieldMessages';
import { ReadOnlyBadge } from '../shared/ReadOnlyBadge';

export function CheckboxBoolControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly, errors } = props;
  return (
    <div className="field record-field" data-field={field.key}>
      <div className="field-check">
        <input
          id={id}
          type="checkbox"
          name={field.key}
          checked={value === true || value === 'true' || value === 1}
          disabled={readOnly}
          aria-invalid={errors.length > 0 ? true : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{field.label || field.key}</label>
        <ReadOnlyBadge field={field} />
      </div>
      {field.description ? <small className="muted field-description">{field.description}</small> : null}
      <FieldMessages fieldKey={field.key} inputId={id} errors={errors} />
    </div>
  );
}

export const checkboxBoolControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'bool'));
