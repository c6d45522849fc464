import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps } from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError } from './Form.js';
import './Checkbox.css';

export interface CheckboxProps extends Omit<
  CheckboxFieldProps,
  'children' | 'className' | 'isInvalid' | 'validationBehavior'
> {
  children: ReactNode;
  className?: string;
  description?: ReactNode;
  errorMessage?: string;
}

export function Checkbox({ children, className, description, errorMessage, ...props }: CheckboxProps) {
  return (
    <CheckboxField
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('checkbox-field', className)}
    >
      <CheckboxButton className="checkbox">
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className="checkbox__box" aria-hidden="true">
              <svg viewBox="0 0 18 18" width="14" height="14">
                {isIndeterminate ? (
                  <rect x="3" y="8" width="12" height="2.4" rx="1" fill="currentColor" />
                ) : (
                  isSelected && (
                    <polyline points="3.5 9.5 7.2 13 14.5 4.8" fill="none" stroke="currentColor" strokeWidth="2.6" />
                  )
                )}
              </svg>
            </span>
            <span className="checkbox__label">{children}</span>
          </>
        )}
      </CheckboxButton>
      {description && <Description className="checkbox__description">{description}</Description>}
      <FieldError className="checkbox__error">{errorMessage}</FieldError>
    </CheckboxField>
  );
}
