// What the light popups share (MenuButton, PopoverButton, SelectButton, ComboInput, AnchoredDialog):
// open and closed, a press outside or Escape closes, focus goes back to the trigger when the popup
// closed from inside it, and the trigger names the popup (aria-expanded, aria-controls). A popup
// under its trigger in the flow ('shift') is moved back into the viewport sideways (a phone); a
// 'fixed' popup (the form's selects and pickers, which may sit in a scrolled or clipped box) is placed
// under its trigger in the viewport, above it when there is more room there, and follows it on scroll.
// No react-aria: the record list and edit pages load none of its overlay code (docs/benchmarks.md).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';

/** 'shift': in the flow, moved into the viewport sideways; 'fixed': under the trigger, at least as wide ('fixed-free': any width). */
export type Placement = 'shift' | 'fixed' | 'fixed-free';

export interface Popup<T extends HTMLElement = HTMLButtonElement> {
  open: boolean;
  id: string;
  triggerRef: MutableRefObject<T | null>;
  popupRef: MutableRefObject<HTMLDivElement | null>;
  show: () => void;
  /** Closes; `refocus` puts the focus back on the trigger (Escape, a chosen item). */
  close: (refocus?: boolean) => void;
  toggle: () => void;
}

const MARGIN = 8;
/** Between a fixed popup and its trigger. */
const GAP = 8;

function shiftIntoView(popup: HTMLElement): void {
  popup.style.transform = '';
  const { left, right } = popup.getBoundingClientRect();
  const shift = left < MARGIN ? MARGIN - left : right > window.innerWidth - MARGIN ? Math.max(MARGIN - left, window.innerWidth - MARGIN - right) : 0;
  if (shift !== 0) popup.style.transform = `translateX(${shift}px)`;
}

/** Puts a position: fixed popup under (or above) its trigger, within the viewport; `matchWidth`: at least the trigger's width. */
export function placeFixed(trigger: HTMLElement, popup: HTMLElement, matchWidth: boolean): void {
  const anchor = trigger.getBoundingClientRect();
  popup.style.position = 'fixed';
  if (matchWidth) popup.style.minWidth = `${Math.min(anchor.width, window.innerWidth - 2 * MARGIN)}px`;
  popup.style.maxHeight = '';
  const { width, height } = popup.getBoundingClientRect();
  const below = window.innerHeight - anchor.bottom - MARGIN;
  const above = anchor.top - MARGIN;
  const up = height > below && above > below;
  const room = Math.max(120, (up ? above : below) - GAP);
  if (height > room) popup.style.maxHeight = `${room}px`;
  popup.style.top = up ? `${Math.max(MARGIN, anchor.top - GAP - Math.min(height, room))}px` : `${anchor.bottom + GAP}px`;
  popup.style.left = `${Math.max(MARGIN, Math.min(anchor.left, window.innerWidth - MARGIN - width))}px`;
}

/** Keeps an open popup placed: at once, and on scroll (of any box) and resize. */
export function usePlacement(open: boolean, triggerRef: MutableRefObject<HTMLElement | null>, popupRef: MutableRefObject<HTMLElement | null>, placement: Placement): void {
  useLayoutEffect(() => {
    const popup = popupRef.current;
    const trigger = triggerRef.current;
    if (!open || !popup) return undefined;
    if (placement === 'shift' || !trigger) {
      shiftIntoView(popup);
      return undefined;
    }
    const place = () => placeFixed(trigger, popup, placement === 'fixed');
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  });
}

/** A press or the focus outside the trigger and the popup calls `onDismiss(false)`, Escape `onDismiss(true)`. */
export function useDismiss(open: boolean, inside: readonly MutableRefObject<HTMLElement | null>[], onDismiss: (refocus: boolean) => void): void {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const refs = useRef(inside);
  refs.current = inside;
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && refs.current.some((ref) => ref.current?.contains(target))) return;
      dismiss.current(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      dismiss.current(true);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open]);
}

/**
 * A popup's state with its dismissal and placement. `focusRef` takes the focus back when it is not
 * the trigger itself (a combo box's input inside its row).
 */
export function usePopup<T extends HTMLElement = HTMLButtonElement>(placement: Placement = 'shift', focusRef?: MutableRefObject<HTMLElement | null>): Popup<T> {
  const [open, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<T | null>(null);
  const popupRef = useRef<HTMLDivElement | null>(null);
  const close = useCallback(
    (refocus = false) => {
      setOpen(false);
      if (refocus) (focusRef?.current ?? triggerRef.current)?.focus();
    },
    [focusRef],
  );
  usePlacement(open, triggerRef, popupRef, placement);
  useDismiss(open, [triggerRef, popupRef], close);
  const show = useCallback(() => setOpen(true), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, id, triggerRef, popupRef, show, close, toggle };
}
