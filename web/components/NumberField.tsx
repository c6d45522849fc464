import {
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './TextField.css';

export interface NumberFieldProps extends Omit<
  AriaNumberFieldProps,
  'children' | 'isInvalid' | 'validationBehavior' | 'className'
> {
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
      <Label isRequired={isRequired}>{label}</Label>
      {/* react-aria names only its hidden input; the name here tells what was typed before the page was live (core/typedBeforeHydration.ts). */}
      <Input className="field__control" data-field={props.name} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
