// A select over options.items on the light widgets of renderers/ui: single or multiple (SelectButton,
// whose listbox takes arrows, type-ahead, Enter; a search box filters long lists); with custom values, a
// ComboInput that suggests the items (single) or a text input that takes comma-separated values
// (multiple). Item values keep their type (text or number). The SelectButton's hidden native
// <select name=key> carries the value for forms and autofill. No react-aria: the edit page loads none.
import { Check, X } from '../../ui/icons';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ComboInput } from '../../ui/ComboInput';
import type { ListOption } from '../../ui/ListBox';
import { foldText, SelectButton } from '../../ui/SelectButton';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from './FieldFrame';
import { asList, asText, parseNumber, sameValue } from './values';

/** Above this many items the select's popup opens with a search box. */
export const SEARCH_FROM_ITEMS = 8;

export function SelectInput(props: ControlProps & { numeric: boolean }) {
  const { field, numeric } = props;
  const { items } = field.options;
  const fromText = (text: string): unknown => {
    const item = items.find((i) => asText(i.value) === text);
    if (item) return item.value;
    return numeric ? parseNumber(text) : text;
  };
  if (field.options.customValues) return field.options.multiple ? <CustomList {...props} fromText={fromText} /> : <CustomCombo {...props} fromText={fromText} />;
  return <ItemSelect {...props} fromText={fromText} />;
}

type InnerProps = ControlProps & { numeric: boolean; fromText: (text: string) => unknown };

/** An option row: the label, and a tick when chosen. */
function optionRow(option: ListOption, selected: boolean) {
  return (
    <>
      <span className="select-option-label">{option.label}</span>
      {selected ? <Check className="select-option-check" size={16} aria-hidden="true" /> : null}
    </>
  );
}

function ItemSelect(props: InnerProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly, fromText } = props;
  const { items, multiple } = field.options;
  const selected = asList(value).filter((v) => v !== null && v !== '');
  // A stored value that is not an item stays visible, so the rule's invalidSelection makes sense.
  const choices: ListOption[] = [
    ...selected.filter((v) => !items.some((i) => sameValue(i.value, v))).map((v) => ({ id: asText(v), label: asText(v) })),
    ...items.map((item) => ({ id: asText(item.value), label: item.label })),
  ];
  const current = selected.length > 0 ? asText(selected[0]) : null;
  const select = (
    <SelectButton
      id={id}
      name={field.key}
      labelId={`${id}-label`}
      options={choices}
      selected={multiple ? selected.map(asText) : current === null ? [] : [current]}
      multiple={multiple}
      onChange={(ids) => onChange(multiple ? ids.map(fromText) : ids.length > 0 ? fromText(ids[0]!) : null)}
      placeholder={field.options.placeholder || intl.formatMessage({ id: 'cmp.choose' })}
      disabled={readOnly}
      aria={inputAria(props)}
      searchFrom={SEARCH_FROM_ITEMS}
      searchLabel={intl.formatMessage({ id: 'selects.search' })}
      emptyText={intl.formatMessage({ id: 'selects.noResults' })}
      renderOption={optionRow}
    />
  );
  if (multiple) return <FieldFrame props={props}>{select}</FieldFrame>;
  return (
    <FieldFrame props={props}>
      <div className="select-row">
        {select}
        {current !== null && !readOnly ? (
          <button type="button" className="picker-reset" data-testid={`select-clear-${field.key}`} aria-label={intl.formatMessage({ id: 'picker.clear' })} onClick={() => onChange(null)}>
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

/** One value, typed or picked from the items' suggestions (filtered by the typed text); the input shows the stored value. */
function CustomCombo(props: InnerProps) {
  const { field, value, onChange, id, readOnly, numeric, fromText } = props;
  const text = asText(value);
  const [typed, setTyped] = useState(false);
  const suggestions: ListOption[] = field.options.items.map((item) => ({ id: asText(item.value), label: item.label }));
  const shown = typed && text ? suggestions.filter((s) => foldText(s.id).includes(foldText(text)) || foldText(s.label).includes(foldText(text))) : suggestions;
  return (
    <FieldFrame props={props}>
      <div className="select combo">
        <ComboInput
          id={id}
          name={field.key}
          labelId={`${id}-label`}
          text={text}
          onText={(next) => {
            setTyped(true);
            onChange(next === '' ? null : fromText(next));
          }}
          options={shown}
          selected={field.options.items.some((i) => sameValue(i.value, value)) ? [text] : []}
          onPick={(option) => {
            setTyped(false);
            onChange(fromText(option.id));
          }}
          readOnly={readOnly}
          buttonLabel={field.label || field.key}
          popupClassName="select-popover"
          listClassName="select-listbox"
          renderOption={(option) => (
            <>
              <span className="select-option-label">{option.label}</span>
              {option.label !== option.id ? <small className="muted">{option.id}</small> : null}
            </>
          )}
          inputProps={{ inputMode: numeric ? 'decimal' : undefined, placeholder: field.options.placeholder || undefined, ...inputAria(props) }}
        />
      </div>
    </FieldFrame>
  );
}

/** Several values typed comma-separated; the items are suggested by the browser. */
function CustomList(props: InnerProps) {
  const listId = useId();
  const { field, value, onChange, id, readOnly, numeric, fromText } = props;
  return (
    <FieldFrame props={props}>
      <input
        id={id}
        name={field.key}
        list={listId}
        value={asList(value).map(asText).join(', ')}
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={field.options.placeholder || undefined}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean).map(fromText))}
      />
      <datalist id={listId}>
        {field.options.items.map((item) => (
          <option key={asText(item.value)} value={asText(item.value)}>
            {item.label}
          </option>
        ))}
      </datalist>
    </FieldFrame>
  );
}
