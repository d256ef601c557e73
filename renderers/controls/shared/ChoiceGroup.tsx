// Checkboxes (several values) or radios (one value) over options.items, in a fieldset.
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from './FieldFrame';
import { asList, asText, sameValue } from './values';

export function ChoiceGroup(props: ControlProps & { kind: 'checkbox' | 'radio' }) {
  const { field, value, onChange, id, readOnly, kind } = props;
  const chosen = asList(value);
  return (
    <FieldFrame props={props} group>
      <div className="choice-group" role={kind === 'radio' ? 'radiogroup' : 'group'}>
        {field.options.items.map((item, i) => {
          const inputId = i === 0 ? id : `${id}-${i}`;
          const checked = chosen.some((v) => sameValue(v, item.value));
          return (
            <label className="field-check" key={asText(item.value)} htmlFor={inputId}>
              <input
                id={inputId}
                type={kind}
                name={field.key}
                value={asText(item.value)}
                checked={checked}
                disabled={readOnly}
                aria-invalid={props.errors.length > 0 ? true : undefined}
                onChange={(e) => {
                  if (kind === 'radio') return onChange(item.value);
                  const rest = chosen.filter((v) => !sameValue(v, item.value));
                  onChange(e.target.checked ? [...rest, item.value] : rest);
                }}
              />
              <span>{item.label}</span>
            </label>
          );
        })}
      </div>
    </FieldFrame>
  );
}
