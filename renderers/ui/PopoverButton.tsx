// A button that opens a small dialog under it (the list's column chooser), in plain React: a click,
// Enter or Space opens it and puts the focus in it, Tab and Shift+Tab stay inside, Escape or a press
// outside closes it, and Escape brings the focus back to the button. The record list uses it so the
// list loads no react-aria overlay code (docs/benchmarks.md "Light first load").
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { usePopup } from './usePopup';

export interface PopoverButtonProps {
  /** The dialog's accessible name. */
  label: string;
  /** The button's content (its text names it). */
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  dialogClassName?: string;
  dialogTestId?: string;
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function PopoverButton({ label, trigger, children, className, testId, dialogClassName, dialogTestId }: PopoverButtonProps) {
  const popup = usePopup();
  useEffect(() => {
    if (popup.open) popup.popupRef.current?.querySelector<HTMLElement>('[role="dialog"]')?.focus();
  }, [popup.open, popup.popupRef]);
  const keepTabInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) return event.preventDefault();
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <span className="menu-button">
      <button
        ref={popup.triggerRef}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={popup.open}
        aria-controls={popup.open ? popup.id : undefined}
        data-testid={testId}
        onClick={popup.toggle}
      >
        {trigger}
      </button>
      {popup.open ? (
        <div ref={popup.popupRef} className="list-popover popup-below-end">
          <div id={popup.id} role="dialog" aria-label={label} tabIndex={-1} className={dialogClassName} data-testid={dialogTestId} onKeyDown={keepTabInside}>
            {children}
          </div>
        </div>
      ) : null}
    </span>
  );
}
