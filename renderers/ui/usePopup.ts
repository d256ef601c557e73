// What the list's own menu and popover share (MenuButton, PopoverButton): open and closed, a press
// outside or Escape closes, focus goes back to the trigger when the popup closed from inside it, and
// the trigger names the popup (aria-expanded, aria-controls); a popup that would leave the viewport
// sideways (a phone) is moved back into it. No react-aria: the record list loads
// none of its overlay code (docs/benchmarks.md "Light first load").
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';

export interface Popup {
  open: boolean;
  id: string;
  triggerRef: MutableRefObject<HTMLButtonElement | null>;
  popupRef: MutableRefObject<HTMLDivElement | null>;
  show: () => void;
  /** Closes; `refocus` puts the focus back on the trigger (Escape, a chosen item). */
  close: (refocus?: boolean) => void;
  toggle: () => void;
}

export function usePopup(): Popup {
  const [open, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const popupRef = useRef<HTMLDivElement | null>(null);
  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }, []);
  useLayoutEffect(() => {
    const popup = popupRef.current;
    if (!open || !popup) return;
    popup.style.transform = '';
    const { left, right } = popup.getBoundingClientRect();
    const margin = 8;
    const shift = left < margin ? margin - left : right > window.innerWidth - margin ? Math.max(margin - left, window.innerWidth - margin - right) : 0;
    if (shift !== 0) popup.style.transform = `translateX(${shift}px)`;
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && (popupRef.current?.contains(target) || triggerRef.current?.contains(target))) return;
      close(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close(true);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open, close]);
  return { open, id, triggerRef, popupRef, show: () => setOpen(true), close, toggle: () => setOpen((was) => !was) };
}
