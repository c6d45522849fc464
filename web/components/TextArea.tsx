import type { ReactNode, Ref } from 'react';
import {
  TextArea as AriaTextArea,
  TextAreaContext,
  TextField as AriaTextField,
  useSlottedContext,
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
      <WithoutType>
        <AriaTextArea
          ref={inputRef}
          className="field__control field__control--area"
          placeholder={placeholder}
          rows={rows}
        />
      </WithoutType>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}

/**
 * react-aria's TextField gives its field `type="text"` until it has seen, in the browser, that the
 * field is a textarea: the server's HTML carried the attribute, which HTML does not allow on a
 * textarea (the W3C checker reports it). The field's props are given again without it.
 */
function WithoutType({ children }: { children: ReactNode }) {
  const given = useSlottedContext(TextAreaContext);
  if (!given) return children;
  const { type: _type, ...props } = given as typeof given & { type?: unknown };
  return <TextAreaContext.Provider value={props}>{children}</TextAreaContext.Provider>;
}
