import type { Ref } from 'react';
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './TextField.css';
import './TextArea.css';

export interface TextAreaProps extends Omit<
  AriaTextFieldProps,
  'children' | 'isInvalid' | 'validationBehavior' | 'className'
> {
  className?: string;
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  rows?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with the same validation model as TextField. */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  inputRef,
  isRequired,
  className,
  ...props
}: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', className)}
    >
      <Label isRequired={isRequired}>{label}</Label>
      <AriaTextArea
        ref={inputRef}
        className="field__control field__control--area"
        placeholder={placeholder}
        rows={rows}
      />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
