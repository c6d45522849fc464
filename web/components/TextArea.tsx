import type { Ref } from 'react';
import {
  FieldError,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldLabel } from './TextField.js';
import { cx } from './cx.js';
import './TextField.css';
import './TextArea.css';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children' | 'isInvalid' | 'validationBehavior' | 'className'> {
  className?: string;
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  rows?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with the same validation model as TextField. */
export function TextArea({ label, description, errorMessage, placeholder, rows = 4, inputRef, isRequired, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', className)}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <AriaTextArea ref={inputRef} className="field__control field__control--area" placeholder={placeholder} rows={rows} />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
