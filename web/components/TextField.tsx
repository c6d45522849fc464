import type { Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import './TextField.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'isInvalid' | 'validationBehavior' | 'className'> {
  className?: string;
  label: string;
  description?: string;
  /** Shown under the field, tied to it by aria-describedby, and marks it invalid. */
  errorMessage?: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. Validation is "aria": the form decides what is missing and says so
 * (the spec's toast), while type=email / type=tel keep the browser's own format checks.
 */
export function TextField({ label, description, errorMessage, placeholder, inputRef, isRequired, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', className)}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Input ref={inputRef} className="field__control" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

/** The required mark is visual only; aria-required carries it to screen readers. */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean }) {
  return (
    <Label className="field__label">
      {label}
      {isRequired && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </Label>
  );
}
