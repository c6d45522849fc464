import type { ReactNode } from 'react';
import { FieldError as AriaFieldError, Label as AriaLabel, Text } from 'react-aria-components';
import { cx } from './cx.js';
import './Form.css';

/**
 * The parts every field wrapper shares (TextField, TextArea, NumberField, Select, Checkbox), so a
 * label, a hint and an error look and read the same in every form. react-aria ties each to its
 * field (aria-labelledby, aria-describedby) through the field's context.
 */

/** The required mark is visual only; aria-required carries it to screen readers. */
export function Label({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <AriaLabel className="field__label">
      {children}
      {isRequired && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </AriaLabel>
  );
}

export function Description({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Text slot="description" className={cx('field__description', className)}>
      {children}
    </Text>
  );
}

/** Shown only while the field is invalid; the message comes from the form (see useFormModel). */
export function FieldError({ children, className }: { children?: ReactNode; className?: string }) {
  return <AriaFieldError className={cx('field__error', className)}>{children}</AriaFieldError>;
}
