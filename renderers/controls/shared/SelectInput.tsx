// A select over options.items on react-aria-components: single or multiple (a Select whose listbox
// takes arrows, type-ahead, Enter; a search box filters long lists); with custom values, a ComboBox
// that suggests the items (single) or a text input that takes comma-separated values (multiple).
// Item values keep their type (text or number). The Select's hidden native <select name=key> carries
// the value for forms and autofill.
import { Check, ChevronDown, Search, X } from '../../ui/icons';
import type { ReactNode } from 'react';
import { useId } from 'react';
import {
  Autocomplete,
  Button,
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
  useFilter,
  type Key,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from './FieldFrame';
import { asList, asText, parseNumber, sameValue } from './values';

/** Above this many items the select's popup opens with a search box. */
export const SEARCH_FROM_ITEMS = 8;

interface Choice {
  id: string;
  label: string;
}

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
function OptionRow({ id, label, hint }: Choice & { hint?: ReactNode }) {
  return (
    <ListBoxItem id={id} textValue={label} className="select-option" data-value={id}>
      {({ isSelected }) => (
        <>
          <span className="select-option-label">{label}</span>
          {hint}
          {isSelected ? <Check className="select-option-check" size={16} aria-hidden="true" /> : null}
        </>
      )}
    </ListBoxItem>
  );
}

/** The Select's button: the chosen labels, or the placeholder. */
function SelectTrigger({ props, placeholder }: { props: InnerProps; placeholder: string }) {
  return (
    <Button id={props.id} className="select-trigger" {...inputAria(props)}>
      <SelectValue className="select-value">{({ isPlaceholder, selectedText }) => (isPlaceholder ? <span className="muted">{placeholder}</span> : selectedText)}</SelectValue>
      <ChevronDown size={16} aria-hidden="true" />
    </Button>
  );
}

/** The Select's popup: the choices, with a search box above them from SEARCH_FROM_ITEMS on. */
function ChoicesPopover({ choices }: { choices: Choice[] }) {
  const intl = useIntl();
  const { contains } = useFilter({ sensitivity: 'base' });
  const list = (
    <ListBox className="select-listbox" items={choices} renderEmptyState={() => <p className="muted select-empty">{intl.formatMessage({ id: 'selects.noResults' })}</p>}>
      {(choice) => <OptionRow {...choice} />}
    </ListBox>
  );
  return (
    <Popover className="select-popover" placement="bottom start">
      {choices.length >= SEARCH_FROM_ITEMS ? (
        <Autocomplete filter={contains}>
          <SearchField className="select-search" aria-label={intl.formatMessage({ id: 'selects.search' })} autoFocus>
            <Search size={14} aria-hidden="true" />
            <Input placeholder={intl.formatMessage({ id: 'selects.search' })} />
          </SearchField>
          {list}
        </Autocomplete>
      ) : (
        list
      )}
    </Popover>
  );
}

function ItemSelect(props: InnerProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly, fromText } = props;
  const { items, multiple } = field.options;
  const selected = asList(value).filter((v) => v !== null && v !== '');
  // A stored value that is not an item stays visible, so the rule's invalidSelection makes sense.
  const choices: Choice[] = [
    ...selected.filter((v) => !items.some((i) => sameValue(i.value, v))).map((v) => ({ id: asText(v), label: asText(v) })),
    ...items.map((item) => ({ id: asText(item.value), label: item.label })),
  ];
  const placeholder = field.options.placeholder || intl.formatMessage({ id: 'cmp.choose' });
  const shared = { className: 'select', 'aria-labelledby': `${id}-label`, name: field.key, isDisabled: readOnly, isInvalid: props.errors.length > 0, placeholder };
  const parts = (
    <>
      <SelectTrigger props={props} placeholder={placeholder} />
      <ChoicesPopover choices={choices} />
    </>
  );

  if (multiple) {
    return (
      <FieldFrame props={props}>
        <Select {...shared} selectionMode="multiple" value={selected.map(asText)} onChange={(keys: Key[]) => onChange(keys.map((k) => fromText(String(k))))}>
          {parts}
        </Select>
      </FieldFrame>
    );
  }
  const current = selected.length > 0 ? asText(selected[0]) : null;
  return (
    <FieldFrame props={props}>
      <div className="select-row">
        <Select {...shared} value={current} onChange={(key: Key | null) => onChange(key === null ? null : fromText(String(key)))}>
          {parts}
        </Select>
        {current !== null && !readOnly ? (
          <button type="button" className="picker-reset" data-testid={`select-clear-${field.key}`} aria-label={intl.formatMessage({ id: 'picker.clear' })} onClick={() => onChange(null)}>
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

/** One value, typed or picked from the items' suggestions; the input shows the stored value. */
function CustomCombo(props: InnerProps) {
  const { field, value, onChange, id, readOnly, numeric, fromText } = props;
  const text = asText(value);
  const { items } = field.options;
  const suggestions: Choice[] = items.map((item) => ({ id: asText(item.value), label: item.label }));
  return (
    <FieldFrame props={props}>
      <ComboBox
        className="select combo"
        aria-labelledby={`${id}-label`}
        allowsCustomValue
        menuTrigger="focus"
        inputValue={text}
        onInputChange={(next) => onChange(next === '' ? null : fromText(next))}
        value={items.some((i) => sameValue(i.value, value)) ? text : null}
        onChange={(key) => key !== null && onChange(fromText(String(key)))}
        isReadOnly={readOnly}
        isInvalid={props.errors.length > 0}
      >
        <div className="combo-row">
          <Input id={id} name={field.key} inputMode={numeric ? 'decimal' : undefined} placeholder={field.options.placeholder || undefined} {...inputAria(props)} />
          <Button className="combo-button" aria-label={field.label || field.key}>
            <ChevronDown size={16} aria-hidden="true" />
          </Button>
        </div>
        <Popover className="select-popover" placement="bottom start">
          <ListBox className="select-listbox" items={suggestions}>
            {(choice) => (
              <ListBoxItem id={choice.id} textValue={choice.id} className="select-option" data-value={choice.id}>
                <span className="select-option-label">{choice.label}</span>
                {choice.label !== choice.id ? <small className="muted">{choice.id}</small> : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
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
