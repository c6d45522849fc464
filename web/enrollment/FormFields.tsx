import type { ReactNode } from 'react';
import type { EnrollmentFormValues } from '../../contracts/enrollment/form.js';
import { Checkbox } from '../components/Checkbox.js';
import { cx } from '../components/cx.js';
import { NumberField } from '../components/NumberField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import type { FlagName } from '../core/useFormModel.js';
import type { EnrollmentFormState } from './useEnrollmentForm.js';

type Name = keyof EnrollmentFormValues;
type TextName = { [K in Name]: EnrollmentFormValues[K] extends string ? K : never }[Name];
type NumberName = 'participants' | 'studentAge';

interface Common {
  form: EnrollmentFormState;
  label: string;
  isRequired?: boolean;
  description?: string;
}

export function FormText({
  form,
  name,
  type = 'text',
  autoComplete,
  ...rest
}: Common & { name: TextName; type?: 'text' | 'email' | 'tel'; autoComplete?: string }) {
  return (
    <div className="enroll-form__field">
      <TextField {...rest} {...form.field(name)} type={type} autoComplete={autoComplete} />
    </div>
  );
}

export function FormArea({ form, name, rows = 3, ...rest }: Common & { name: TextName; rows?: number }) {
  return (
    <div className="enroll-form__field enroll-form__field--wide">
      <TextArea {...rest} {...form.field(name)} rows={rows} />
    </div>
  );
}

/** The schema's numbers hold null while empty; react-aria's NumberField holds NaN. */
export function FormNumber({
  form,
  name,
  minValue,
  maxValue,
  ...rest
}: Common & { name: NumberName; minValue: number; maxValue: number }) {
  const { value, onChange, ...field } = form.field(name);
  return (
    <div className="enroll-form__field">
      <NumberField
        {...rest}
        {...field}
        minValue={minValue}
        maxValue={maxValue}
        step={1}
        value={typeof value === 'number' ? value : Number.NaN}
        onChange={(n) => onChange(Number.isNaN(n) ? null : n)}
      />
    </div>
  );
}

export function FormCheck({
  form,
  name,
  children,
  description,
  isRequired,
}: {
  form: EnrollmentFormState;
  name: FlagName<EnrollmentFormValues>;
  children: ReactNode;
  description?: ReactNode;
  isRequired?: boolean;
}) {
  return (
    <div className="enroll-form__field enroll-form__field--wide">
      <Checkbox {...form.checkbox(name)} description={description} isRequired={isRequired}>
        {children}
      </Checkbox>
    </div>
  );
}

/** A titled group of fields: a fieldset, so its legend is read with each field. */
export function Section({
  title,
  hint,
  children,
  className,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cx('enroll-form__section', className)}>
      <legend className="enroll-form__legend">{title}</legend>
      {hint && <p className="enroll-form__hint">{hint}</p>}
      <div className="enroll-form__grid">{children}</div>
    </fieldset>
  );
}
