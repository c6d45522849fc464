import { useId, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { cx } from './cx.js';
import './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className' | 'isInvalid' | 'validationBehavior'> {
  children: ReactNode;
  className?: string;
  description?: ReactNode;
  errorMessage?: string;
}

export function Checkbox({ children, className, description, errorMessage, ...props }: CheckboxProps) {
  const helpId = useId();
  const errorId = useId();
  const describedBy = [description ? helpId : null, errorMessage ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('checkbox-field', className)}>
      <AriaCheckbox
        {...props}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        aria-describedby={describedBy}
        className="checkbox"
      >
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
      </AriaCheckbox>
      {description && (
        <p id={helpId} className="checkbox__description">
          {description}
        </p>
      )}
      {errorMessage && (
        <p id={errorId} className="field__error checkbox__error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
