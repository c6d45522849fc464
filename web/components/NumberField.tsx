import {
  FieldError,
  Input,
  NumberField as AriaNumberField,
  Text,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { FieldLabel } from './TextField.js';
import { cx } from './cx.js';
import './TextField.css';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children' | 'isInvalid' | 'validationBehavior' | 'className'> {
  className?: string;
  label: string;
  description?: string;
  errorMessage?: string;
}

/**
 * A labelled number input (react-aria NumberField): typed values are parsed in the page's locale,
 * arrow keys step by `step`, and `formatOptions` shows currency or units while keeping a number.
 */
export function NumberField({ label, description, errorMessage, isRequired, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', className)}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Input className="field__control" />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
