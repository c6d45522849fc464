import { parseDate } from '@internationalized/date';
import { DateField as AriaDateField, DateInput, DateSegment } from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './DateField.css';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' while empty or incomplete. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  className?: string;
}

const toDate = (value: string) => {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
};

/**
 * A date typed as month, day and year segments (react-aria's DateField), each reachable and
 * changed by keyboard, read out by screen readers; the form holds it as `YYYY-MM-DD`.
 */
export function DateField({
  label,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
  className,
  name,
}: DateFieldProps) {
  return (
    <AriaDateField
      name={name}
      value={toDate(value)}
      onChange={(d) => onChange(d ? d.toString() : '')}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      granularity="day"
      className={cx('field', className)}
    >
      <Label isRequired={isRequired}>{label}</Label>
      <DateInput className="field__control date-field__input">
        {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
      </DateInput>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaDateField>
  );
}
