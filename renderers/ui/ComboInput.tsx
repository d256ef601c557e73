// A combo box in plain React (what react-aria's ComboBox gave the form's custom-value select and the
// relation select): a text input with role combobox (aria-expanded, aria-controls, aria-activedescendant,
// aria-autocomplete list) and a button beside it, over a listbox of suggestions the caller filters
// (locally, or on the server). The list opens on focus, a click, typing, Arrow Down or Up and the
// button; the arrows move the active option while the focus stays in the input, Enter picks it,
// Escape closes the list, and Tab or a press outside closes it too. One value closes the list on a
// pick; several (`multiple`) keep it open.
import { useRef, useState, type InputHTMLAttributes, type ReactNode, type UIEvent } from 'react';
import { ChevronDown } from './icons';
import { driveList, ListBox, optionId, type ListOption } from './ListBox';
import { usePopup } from './usePopup';

export interface ComboInputProps {
  id: string;
  name: string;
  labelId: string;
  text: string;
  onText: (text: string) => void;
  options: readonly ListOption[];
  selected: readonly string[];
  onPick: (option: ListOption) => void;
  multiple?: boolean;
  readOnly?: boolean;
  /** The button's accessible name. */
  buttonLabel: string;
  /** The list's accessible name (else the field's label names it). */
  listLabel?: string;
  /** Shown in the open list when there are no options; without it an empty list closes. */
  empty?: ReactNode;
  /** Below the list (loading, More). */
  footer?: ReactNode;
  onListScroll?: (event: UIEvent<HTMLDivElement>) => void;
  popupClassName: string;
  listClassName: string;
  optionTestId?: string;
  renderOption?: (option: ListOption, selected: boolean) => ReactNode;
  /** More attributes of the input: placeholder, inputMode, aria-invalid, data-testid… */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
}

/** The button beside the input: opens or closes the list; out of the tab order, and it leaves the focus in the input. */
function ComboToggle({ label, disabled, expanded, controls, onPress }: { label: string; disabled?: boolean; expanded: boolean; controls?: string; onPress: () => void }) {
  return (
    <button
      type="button"
      className="combo-button"
      aria-label={label}
      tabIndex={-1}
      disabled={disabled}
      aria-expanded={expanded}
      aria-controls={controls}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      <ChevronDown size={16} aria-hidden="true" />
    </button>
  );
}

/** The combo box's state: open or not, the active option, and what the input's keys do. */
function useCombo({ options, onPick, multiple, readOnly, empty }: ComboInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const popup = usePopup<HTMLDivElement>('fixed', inputRef);
  const [active, setActive] = useState(-1);
  const showing = popup.open && (options.length > 0 || empty !== undefined);
  const show = () => {
    if (readOnly || popup.open) return;
    setActive(-1);
    popup.show();
  };
  const pick = (option: ListOption) => {
    onPick(option);
    if (!multiple) popup.close(false);
  };
  const onKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !popup.open) {
      event.preventDefault();
      show();
      return;
    }
    if (event.key === 'Tab') return popup.close(false);
    if (showing && (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Enter')) driveList(event, options, active, setActive, pick);
  };
  return { inputRef, popup, active, setActive, showing, listId: popup.id, show, pick, onKey };
}

export function ComboInput(props: ComboInputProps) {
  const { id, name, labelId, text, onText, options, selected, multiple, readOnly } = props;
  const { inputRef, popup, active, setActive, showing, listId, show, pick, onKey } = useCombo(props);
  return (
    <div ref={popup.triggerRef} className="combo-row">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing && active >= 0 ? optionId(listId, active) : undefined}
        readOnly={readOnly}
        value={text}
        {...props.inputProps}
        onChange={(event) => {
          onText(event.target.value);
          setActive(-1);
          show();
        }}
        onFocus={show}
        onClick={show}
        onKeyDown={onKey}
      />
      <ComboToggle
        label={props.buttonLabel}
        disabled={readOnly}
        expanded={showing}
        controls={showing ? listId : undefined}
        onPress={() => {
          if (popup.open) popup.close(false);
          else show();
          inputRef.current?.focus();
        }}
      />
      {showing ? (
        <div ref={popup.popupRef} className={props.popupClassName}>
          <ListBox
            id={listId}
            label={props.listLabel}
            labelledBy={props.listLabel ? undefined : labelId}
            options={options}
            selected={selected}
            multiple={multiple}
            active={active}
            setActive={setActive}
            onPick={pick}
            focusMode="descendant"
            className={props.listClassName}
            optionClassName="select-option"
            optionTestId={props.optionTestId}
            renderOption={props.renderOption}
            empty={props.empty}
            onScroll={props.onListScroll}
          />
          {props.footer}
        </div>
      ) : null}
    </div>
  );
}
