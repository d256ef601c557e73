// A button that opens a menu of actions, the WAI-ARIA menu button pattern in plain React: Enter,
// Space, a click or Arrow Down open it on the first item, Arrow Up on the last; in the menu the arrows,
// Home and End move, a letter jumps to the next item starting with it, Enter or Space runs an item,
// Escape closes and Tab leaves; focus comes back to the button. Disabled items are announced and
// skipped. The record list's header uses it so the list loads no react-aria menu and overlay code.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Hint, type HintTriggerProps } from './Hint';
import { firstItem, keyTarget, lastItem } from './listNav';
import { usePopup } from './usePopup';

export interface MenuAction {
  id: string;
  label: string;
  icon?: ReactElement;
  action: () => void;
  disabled?: boolean;
  /** A separator is drawn above this item. */
  separated?: boolean;
}

export interface MenuButtonProps {
  /** The button's accessible name, shown as its tooltip. */
  label: string;
  icon: ReactNode;
  items: readonly MenuAction[];
  testId?: string;
  className?: string;
}

interface MenuItemRowProps {
  item: MenuAction;
  active: boolean;
  itemRef: (element: HTMLDivElement | null) => void;
  onRun: () => void;
  onHover: () => void;
}

/** One item: the menu's single tab stop when active; Enter or Space runs it, as a click does. */
function MenuItemRow({ item, active, itemRef, onRun, onHover }: MenuItemRowProps) {
  return (
    <div
      ref={itemRef}
      role="menuitem"
      tabIndex={active ? 0 : -1}
      aria-disabled={item.disabled || undefined}
      className="list-menu-item"
      data-testid={item.id}
      data-focused={active || undefined}
      data-disabled={item.disabled || undefined}
      onClick={onRun}
      onMouseEnter={() => (item.disabled ? undefined : onHover())}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRun();
        }
      }}
    >
      {item.icon}
      <span>{item.label}</span>
    </div>
  );
}

export function MenuButton({ label, icon, items, testId, className = 'icon-button list-icon-button' }: MenuButtonProps) {
  const popup = usePopup();
  const [active, setActive] = useState(-1);
  const itemRefs = useRef<(HTMLDivElement | null)[]>([]);
  useEffect(() => {
    if (popup.open && active >= 0) itemRefs.current[active]?.focus();
  }, [popup.open, active]);
  const openAt = (end: 'first' | 'last') => {
    setActive(end === 'first' ? firstItem(items) : lastItem(items));
    popup.show();
  };
  const run = (item: MenuAction) => {
    if (item.disabled) return;
    popup.close(true);
    item.action();
  };
  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>, hint: HintTriggerProps) => {
    hint.onKeyDown(event);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') return popup.close(false);
    const next = keyTarget(items, active, event.key);
    if (next === null) return;
    if (event.key.length > 1) event.preventDefault();
    setActive(next);
  };
  return (
    <span className="menu-button">
      <Hint label={label}>
        {(hint) => (
          <button
            {...hint}
            ref={popup.triggerRef}
            type="button"
            className={className}
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={popup.open}
            aria-controls={popup.open ? popup.id : undefined}
            data-testid={testId}
            onClick={() => (popup.open ? popup.close(false) : openAt('first'))}
            onKeyDown={(event) => onTriggerKey(event, hint)}
          >
            {icon}
          </button>
        )}
      </Hint>
      {popup.open ? (
        <div ref={popup.popupRef} className="list-popover popup-below-end">
          <div id={popup.id} role="menu" aria-label={label} className="list-menu" onKeyDown={onMenuKey}>
            {items.map((item, index) => [
              item.separated ? <div key={`${item.id}-sep`} role="separator" className="list-menu-separator" /> : null,
              <MenuItemRow
                key={item.id}
                item={item}
                active={index === active}
                itemRef={(element) => {
                  itemRefs.current[index] = element;
                }}
                onRun={() => run(item)}
                onHover={() => setActive(index)}
              />,
            ])}
          </div>
        </div>
      ) : null}
    </span>
  );
}
