// A non-modal dialog under the element that opened it (the date pickers' popups), in plain React: role
// dialog named by `label`, placed under its anchor in the viewport (above when there is more room),
// the focus moved into it when it opens (its own content may then focus a pick), and a press or the
// focus outside or Escape calls `onDismiss` (`refocus` true for Escape: the caller gives the focus back
// to its input). Its owner decides `open`. The edit page loads no react-aria Popover or Dialog for it.
import { useEffect, useRef, type KeyboardEvent, type MutableRefObject, type ReactNode } from 'react';
import { useDismiss, usePlacement } from './usePopup';

export interface AnchoredDialogProps {
  open: boolean;
  anchorRef: MutableRefObject<HTMLElement | null>;
  onDismiss: (refocus: boolean) => void;
  label: string;
  className?: string;
  dialogClassName?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

export function AnchoredDialog({ open, anchorRef, onDismiss, label, className, dialogClassName, onKeyDown, children }: AnchoredDialogProps) {
  const popupRef = useRef<HTMLDivElement | null>(null);
  const dialogRef = useRef<HTMLDivElement | null>(null);
  usePlacement(open, anchorRef, popupRef, 'fixed-free');
  useDismiss(open, [anchorRef, popupRef], onDismiss);
  useEffect(() => {
    if (open && !dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div ref={popupRef} className={className}>
      <div ref={dialogRef} role="dialog" aria-label={label} tabIndex={-1} className={dialogClassName} onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>
  );
}
