// A select over options.items: single or multiple; with custom values, a text input that suggests the
// items (single) or takes comma-separated values (multiple). Item values keep their type (text or number).
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from './FieldFrame';
import { asList, asText, parseNumber, sameValue } from './values';

export function SelectInput(props: ControlProps & { numeric: boolean }) {
  const intl = useIntl();
  const listId = useId();
  const { field, value, onChange, id, readOnly, numeric } = props;
  const { items, multiple, customValues } = field.options;
  const fromText = (text: string): unknown => {
    const item = items.find((i) => asText(i.value) === text);
    if (item) return item.value;
    return numeric ? parseNumber(text) : text;
  };

  if (customValues) {
    const text = multiple ? asList(value).map(asText).join(', ') : asText(value);
    return (
      <FieldFrame props={props}>
        <input
          id={id}
          name={field.key}
          list={listId}
          value={text}
          inputMode={numeric ? 'decimal' : undefined}
          placeholder={field.options.placeholder || undefined}
          readOnly={readOnly}
          {...inputAria(props)}
          onChange={(e) => {
            const raw = e.target.value;
            if (!multiple) return onChange(raw === '' ? null : fromText(raw));
            onChange(raw.split(',').map((s) => s.trim()).filter(Boolean).map(fromText));
          }}
        />
        <datalist id={listId}>
          {items.map((item) => (
            <option key={asText(item.value)} value={asText(item.value)}>
              {item.label}
            </option>
          ))}
        </datalist>
      </FieldFrame>
    );
  }

  const selected = asList(value);
  return (
    <FieldFrame props={props}>
      <select
        id={id}
        name={field.key}
        multiple={multiple}
        value={multiple ? selected.map(asText) : asText(value)}
        disabled={readOnly}
        {...inputAria(props)}
        onChange={(e) => {
          if (multiple) onChange([...e.target.selectedOptions].map((o) => fromText(o.value)));
          else onChange(e.target.value === '' ? null : fromText(e.target.value));
        }}
      >
        {multiple ? null : <option value="">{field.options.placeholder || intl.formatMessage({ id: 'cmp.choose' })}</option>}
        {/* A stored value that is not an item stays visible, so the rule's invalidSelection makes sense. */}
        {selected
          .filter((v) => v !== null && v !== '' && !items.some((i) => sameValue(i.value, v)))
          .map((v) => (
            <option key={`x-${asText(v)}`} value={asText(v)}>
              {asText(v)}
            </option>
          ))}
        {items.map((item) => (
          <option key={asText(item.value)} value={asText(item.value)}>
            {item.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
