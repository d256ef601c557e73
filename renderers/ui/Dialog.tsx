// A modal dialog driven by an `open` prop, on react-aria-components: focus moves in and stays there,
// Escape closes (onClose), the page behind is inert to pointer, keyboard and screen reader, and focus
// goes back to what opened it. A click outside does not close it (a form's edits would be lost).
// react-aria leaves out aria-modal for a WebKit focus bug that exists only inside iframes; the app
// is never framed (CSP frame-ancestors 'none'), so the dialog says it is modal too.
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
  wide?: boolean;
}

const markModal = (element: HTMLElement | null) => element?.setAttribute('aria-modal', 'true');

export function Dialog({ open, title, onClose, children, actions, testId, wide }: DialogProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={open} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Modal className={`modal${wide ? ' modal-wide' : ''}`}>
        <AriaDialog className="modal-dialog" data-testid={testId} ref={markModal}>
          <Heading slot="title" level={2}>{title}</Heading>
          {children}
          {actions ? <div className="modal-actions">{actions}</div> : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
