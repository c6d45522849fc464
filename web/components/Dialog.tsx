import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.js';
import { cx } from './cx.js';
import './Dialog.css';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons and links at the foot of the dialog. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A modal dialog: focus is trapped inside and returns to the opener on close;
 * Escape and a click outside dismiss it. The corner × has its own accessible name.
 */
export function Dialog({ isOpen, onOpenChange, title, children, footer, size = 'md', className }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="modal-overlay">
      <AriaModal className={cx('modal', `modal--${size}`, className)}>
        <AriaDialog className="dialog">
          {({ close }) => (
            <>
              <header className="dialog__header">
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" className="dialog__x" aria-label="Close dialog" onPress={close}>
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </Button>
              </header>
              <div className="dialog__body">{children}</div>
              {footer && <footer className="dialog__footer">{footer}</footer>}
            </>
          )}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
