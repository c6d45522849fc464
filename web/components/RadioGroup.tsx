import type { ReactNode } from 'react';
import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './RadioGroup.css';

export interface RadioGroupProps extends Omit<
  AriaRadioGroupProps,
  'children' | 'className' | 'isInvalid' | 'validationBehavior'
> {
  label: string;
  description?: string;
  errorMessage?: string;
  className?: string;
  children: ReactNode;
}

/** One choice of a few, shown at once: arrow keys move between the options, Tab leaves the group. */
export function RadioGroup({ label, description, errorMessage, className, children, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', 'radio-group', className)}
    >
      <Label isRequired={props.isRequired}>{label}</Label>
      <div className="radio-group__options">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<AriaRadioProps, 'children' | 'className'> {
  children: ReactNode;
  className?: string;
}

export function Radio({ children, className, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={cx('radio', className)}>
      <span className="radio__circle" aria-hidden="true" />
      <span className="radio__label">{children}</span>
    </AriaRadio>
  );
}
