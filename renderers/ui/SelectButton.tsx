// A select in plain React (what react-aria's Select gave the form): a button showing the chosen labels
// that opens a listbox under it (the WAI-ARIA select-only combobox's keys: Enter, Space, a click or
// Arrow Down open it on the chosen or first option, Arrow Up on the last; in the list the arrows, Home,
// End and letters move, Enter or Space picks; Escape closes, and focus goes back to the button; a letter
// on the closed button chooses the next option starting with it). One
// value closes the list on a pick, several toggle and keep it open. From `searchFrom` options a search
// box above the list filters it (typing makes the first match active; its arrows and Enter drive the list). A hidden native <select name>
// carries the value for forms and autofill.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown, Search } from './icons';
import { firstItem, keyTarget, lastItem } from './listNav';
import { driveList, ListBox, optionId, type ListOption } from './ListBox';
import { usePopup } from './usePopup';

export interface SelectButtonProps {
  /** The button's id (the field's label points at it). */
  id: string;
  name: string;
  /** The id of the field's label. */
  labelId: string;
  options: readonly ListOption[];
  selected: readonly string[];
  multiple?: boolean;
  onChange: (ids: string[]) => void;
  placeholder: string;
  disabled?: boolean;
  /** aria-invalid and aria-describedby of the field. */
  aria?: Record<string, unknown>;
  searchFrom: number;
  searchLabel: string;
  emptyText: string;
  renderOption?: (option: ListOption, selected: boolean) => ReactNode;
}

/** Case- and accent-insensitive "contains", as react-aria's filter with sensitivity 'base'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

function SearchBox({ label, value, onChange, onKey, listId, active }: { label: string; value: string; onChange: (text: string) => void; onKey: (event: React.KeyboardEvent<HTMLInputElement>) => void; listId: string; active: number | null }) {
  return (
    <div className="select-search">
      <Search size={14} aria-hidden="true" />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        autoFocus
        autoComplete="off"
        value={value}
        aria-controls={listId}
        aria-activedescendant={active !== null ? optionId(listId, active) : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKey}
      />
    </div>
  );
}

/** The native <select name> behind the button, for forms and autofill: hidden from the eye and from assistive technology. */
function HiddenSelect({ name, options, selected, multiple, disabled, onChange }: Pick<SelectButtonProps, 'name' | 'options' | 'selected' | 'multiple' | 'disabled' | 'onChange'>) {
  return (
    <div aria-hidden="true" className="visually-hidden">
      <select
        name={name}
        tabIndex={-1}
        multiple={multiple}
        disabled={disabled}
        value={multiple ? [...selected] : (selected[0] ?? '')}
        onChange={(event) => onChange([...event.target.selectedOptions].map((o) => o.value).filter(Boolean))}
      >
        {multiple ? null : <option value="" />}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A key on the button: the arrows open the list; a letter chooses the next option starting with it (one value), as a native select does. */
function triggerKey(event: KeyboardEvent<HTMLButtonElement>, { options, selected, multiple, onChange, disabled }: SelectButtonProps, openAt: (end: 'chosen' | 'last') => void) {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'chosen');
    return;
  }
  if (multiple || disabled || event.key.length !== 1) return;
  const next = keyTarget(options, options.findIndex((o) => o.id === selected[0]), event.key);
  if (next !== null) onChange([options[next]!.id]);
}

export function SelectButton(props: SelectButtonProps) {
  const { id, name, labelId, options, selected, multiple = false, onChange, placeholder, disabled } = props;
  const popup = usePopup('fixed');
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');
  const searching = options.length >= props.searchFrom;
  const shown = searching && query ? options.filter((o) => foldText(o.label).includes(foldText(query))) : options;
  const valueId = `${id}-value`;
  const chosenLabels = selected.map((s) => options.find((o) => o.id === s)?.label ?? s);

  const openAt = (end: 'chosen' | 'last') => {
    if (disabled) return;
    const chosen = options.findIndex((o) => selected.includes(o.id));
    setQuery('');
    setActive(searching ? -1 : end === 'last' ? lastItem(options) : chosen >= 0 ? chosen : firstItem(options));
    popup.show();
  };
  const pick = (option: ListOption) => {
    if (!multiple) {
      onChange([option.id]);
      popup.close(true);
      return;
    }
    onChange(selected.includes(option.id) ? selected.filter((s) => s !== option.id) : [...selected, option.id]);
  };
  const onSearchKey = (event: React.KeyboardEvent<HTMLInputElement>) => void driveList(event, shown, active, setActive, pick);
  return (
    <div className="select light-select" data-disabled={disabled || undefined}>
      <button
        ref={popup.triggerRef}
        id={id}
        type="button"
        className="select-trigger"
        aria-haspopup="listbox"
        aria-expanded={popup.open}
        aria-controls={popup.open ? popup.id : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        disabled={disabled}
        data-disabled={disabled || undefined}
        {...props.aria}
        onClick={() => (popup.open ? popup.close(false) : openAt('chosen'))}
        onKeyDown={(event) => triggerKey(event, props, openAt)}
      >
        <span id={valueId} className="select-value">
          {chosenLabels.length > 0 ? chosenLabels.join(', ') : <span className="muted">{placeholder}</span>}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <HiddenSelect name={name} options={options} selected={selected} multiple={multiple} disabled={disabled} onChange={onChange} />
      {popup.open ? (
        <div ref={popup.popupRef} className="select-popover">
          {searching ? <SearchBox label={props.searchLabel} value={query} onChange={(text) => (setQuery(text), setActive(text ? 0 : -1))} onKey={onSearchKey} listId={popup.id} active={active >= 0 && active < shown.length ? active : null} /> : null}
          <ListBox
            id={popup.id}
            labelledBy={labelId}
            options={shown}
            selected={selected}
            multiple={multiple}
            active={active}
            setActive={setActive}
            onPick={pick}
            focusMode={searching ? 'descendant' : 'focus'}
            autoFocus={!searching}
            className="select-listbox"
            optionClassName="select-option"
            renderOption={props.renderOption}
            empty={<p className="muted select-empty">{props.emptyText}</p>}
          />
        </div>
      ) : null}
    </div>
  );
}
