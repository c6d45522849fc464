import type { Ref } from 'react';
import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './TextField.css';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'children' | 'isInvalid' | 'validationBehavior' | 'className'
> {
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
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  isRequired,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', className)}
    >
      <Label isRequired={isRequired}>{label}</Label>
      <Input ref={inputRef} className="field__control" placeholder={placeholder} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
