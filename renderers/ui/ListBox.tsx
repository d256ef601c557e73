// A listbox in plain React, the WAI-ARIA listbox pattern (what react-aria's ListBox gave the form's
// selects): role listbox of role option, aria-selected on each option (aria-multiselectable for several),
// and one active option, which either holds the focus itself ('focus': roving tabindex, the list takes
// the keys: arrows, Home, End, a letter, Enter and Space pick) or is named by the input that keeps the
// focus ('descendant': a combo box or search box sets aria-activedescendant to `optionId(list, i)` and
// hands its keys to `listKey`; the active option then draws the focus ring). A click picks; the mouse
// makes the option under it the active one.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';
import { keyTarget, type NavItem } from './listNav';

export interface ListOption extends NavItem {
  id: string;
}

export interface ListBoxProps {
  id: string;
  options: readonly ListOption[];
  selected: readonly string[];
  active: number;
  setActive: (index: number) => void;
  onPick: (option: ListOption) => void;
  focusMode: 'focus' | 'descendant';
  multiple?: boolean;
  /** The list's accessible name, or the ids of what names it. */
  label?: string;
  labelledBy?: string;
  /** In 'focus' mode, the active option takes the focus when the list mounts (an opened popup). */
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
  optionClassName?: string;
  optionTestId?: string;
  renderOption?: (option: ListOption, selected: boolean) => ReactNode;
  /** Shown when there are no options (inside the list, as react-aria's empty state was). */
  empty?: ReactNode;
  onScroll?: (event: UIEvent<HTMLDivElement>) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** What a key does to a list driven from outside it ('descendant'): the new active index, 'pick', or null. */
export function listKey(options: readonly ListOption[], active: number, key: string): number | 'pick' | null {
  if (key === 'Enter') return active >= 0 && !options[active]?.disabled ? 'pick' : null;
  return keyTarget(options, active, key, false);
}

/** Hands a key of the input that drives the list: moves the active option or picks it (true), or leaves the key (false). */
export function driveList(event: KeyboardEvent<HTMLElement>, options: readonly ListOption[], active: number, setActive: (index: number) => void, pick: (option: ListOption) => void): boolean {
  const next = listKey(options, active, event.key);
  if (next === null) return false;
  event.preventDefault();
  if (next === 'pick') pick(options[active]!);
  else setActive(next);
  return true;
}

interface OptionRowProps {
  listId: string;
  index: number;
  option: ListOption;
  selected: boolean;
  active: boolean;
  hovered: boolean;
  roving: boolean;
  tabStop: boolean;
  disabled?: boolean;
  testId?: string;
  className?: string;
  optionRef: (element: HTMLDivElement | null) => void;
  onHover: () => void;
  onLeave: () => void;
  onFocus: () => void;
  onPick: () => void;
  children: ReactNode;
}

/** One option: its state as ARIA and as the data attributes the styles use (react-aria's names). */
function OptionRow(props: OptionRowProps) {
  const { option, selected, active, roving } = props;
  const disabled = option.disabled || props.disabled || undefined;
  return (
    <div
      ref={props.optionRef}
      id={optionId(props.listId, props.index)}
      role="option"
      aria-selected={selected}
      aria-disabled={disabled}
      tabIndex={roving ? (props.tabStop ? 0 : -1) : undefined}
      className={props.className}
      data-testid={props.testId}
      data-value={option.id}
      data-focused={active || undefined}
      data-hovered={props.hovered || undefined}
      data-focus-visible={(!roving && active && !props.hovered) || undefined}
      data-selected={selected || undefined}
      data-disabled={disabled}
      onMouseDown={roving ? undefined : (event) => event.preventDefault()}
      onMouseMove={props.onHover}
      onMouseLeave={props.onLeave}
      onFocus={props.onFocus}
      onClick={props.onPick}
    >
      {props.children}
    </div>
  );
}

export function ListBox(props: ListBoxProps) {
  const { id, options, selected, active, setActive, onPick, focusMode, multiple, disabled, optionTestId } = props;
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  // The option under the mouse: drawn hovered; an active option the keys reached is drawn with the focus ring.
  const [hovered, setHovered] = useState(-1);
  const roving = focusMode === 'focus';
  // The tab stop of a roving list: the active option, else the first chosen one, else the first.
  const stop = active >= 0 && active < options.length ? active : Math.max(0, options.findIndex((o) => selected.includes(o.id)));
  useEffect(() => {
    if (roving && props.autoFocus) refs.current[stop]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (active >= 0) refs.current[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const pick = (option: ListOption) => {
    if (!option.disabled && !disabled) onPick(option);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!roving) return;
    const option = options[active];
    if ((event.key === 'Enter' || event.key === ' ') && option) {
      event.preventDefault();
      return pick(option);
    }
    const next = keyTarget(options, active >= 0 ? active : stop - 1, event.key);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      id={id}
      role="listbox"
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      aria-multiselectable={multiple || undefined}
      aria-disabled={disabled || undefined}
      className={props.className}
      onKeyDown={onKey}
      onScroll={props.onScroll}
    >
      {options.length === 0 ? props.empty : null}
      {options.map((option, index) => {
        const isSelected = selected.includes(option.id);
        return (
          <OptionRow
            key={option.id}
            listId={id}
            index={index}
            option={option}
            selected={isSelected}
            active={index === active}
            hovered={index === hovered}
            roving={roving}
            tabStop={index === stop}
            disabled={disabled}
            testId={optionTestId}
            className={props.optionClassName}
            optionRef={(element) => {
              refs.current[index] = element;
            }}
            onHover={() => {
              if (option.disabled) return;
              if (index !== hovered) setHovered(index);
              if (index !== active) setActive(index);
            }}
            onLeave={() => setHovered(-1)}
            onFocus={() => roving && index !== active && setActive(index)}
            onPick={() => pick(option)}
          >
            {props.renderOption ? props.renderOption(option, isSelected) : option.label}
          </OptionRow>
        );
      })}
    </div>
  );
}
