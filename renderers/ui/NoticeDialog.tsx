// A dialog that tells something and has one button to close it (the list's load failure, a form
// script's error). Its react-aria code loads on the first open (LazyDialog).
import type { ReactNode } from 'react';
import { LazyDialog } from './LazyDialogs';

export interface NoticeDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  testId: string;
  /** The closing button's text. */
  close: ReactNode;
  children: ReactNode;
}

export function NoticeDialog({ open, title, onClose, testId, close, children }: NoticeDialogProps) {
  return (
    <LazyDialog
      open={open}
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          {close}
        </button>
      }
    >
      {children}
    </LazyDialog>
  );
}
