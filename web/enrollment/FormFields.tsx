import type { ReactNode } from 'react';
import { Checkbox } from '../components/Checkbox.js';
import { NumberField } from '../components/NumberField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import type { EnrollmentFormState, FieldName, FormValues } from './useEnrollmentForm.js';

type TextName = { [K in FieldName]: FormValues[K] extends string ? K : never }[FieldName];
type FlagName = { [K in FieldName]: FormValues[K] extends boolean ? K : never }[FieldName];
type NumberName = { [K in FieldName]: FormValues[K] extends number ? K : never }[FieldName];

interface Common {
  form: EnrollmentFormState;
  label: string;
  isRequired?: boolean;
  description?: string;
}

/** Each field sits in a [data-field] box, which is how a failed submit finds the first one to focus. */
export function FormText({ form, name, type = 'text', autoComplete, ...rest }: Common & { name: TextName; type?: 'text' | 'email' | 'tel'; autoComplete?: string }) {
  return (
    <div data-field={name} className="enroll-form__field">
      <TextField
        {...rest}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(v) => form.set(name, v)}
        errorMessage={form.errors[name]}
      />
    </div>
  );
}

export function FormArea({ form, name, rows = 3, ...rest }: Common & { name: TextName; rows?: number }) {
  return (
    <div data-field={name} className="enroll-form__field enroll-form__field--wide">
      <TextArea {...rest} name={name} rows={rows} value={form.values[name]} onChange={(v) => form.set(name, v)} errorMessage={form.errors[name]} />
    </div>
  );
}

export function FormNumber({ form, name, minValue, maxValue, ...rest }: Common & { name: NumberName; minValue: number; maxValue: number }) {
  return (
    <div data-field={name} className="enroll-form__field">
      <NumberField
        {...rest}
        name={name}
        minValue={minValue}
        maxValue={maxValue}
        step={1}
        value={form.values[name]}
        onChange={(v) => form.set(name, v)}
        errorMessage={form.errors[name]}
      />
    </div>
  );
}

export function FormCheck({ form, name, children, description, isRequired }: { form: EnrollmentFormState; name: FlagName; children: ReactNode; description?: ReactNode; isRequired?: boolean }) {
  return (
    <div data-field={name} className="enroll-form__field enroll-form__field--wide">
      <Checkbox
        name={name}
        isSelected={form.values[name]}
        onChange={(v) => form.set(name, v)}
        errorMessage={form.errors[name]}
        description={description}
        isRequired={isRequired}
      >
        {children}
      </Checkbox>
    </div>
  );
}

/** A titled group of fields: a fieldset, so its legend is read with each field. */
export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="enroll-form__section">
      <legend className="enroll-form__legend">{title}</legend>
      {hint && <p className="enroll-form__hint">{hint}</p>}
      <div className="enroll-form__grid">{children}</div>
    </fieldset>
  );
}
