import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  AppointmentTypeInputSchema,
  type AppointmentType,
  type AppointmentTypeInput,
} from '../../contracts/appointments/appointment-type.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import { Button } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Select } from '../components/Select.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { useSaveAppointmentType } from './instructorWrites.js';

const USD = { style: 'currency', currency: 'USD' } as const;
const KINDS = [
  { id: 'lesson', label: 'Private lesson' },
  { id: 'party', label: 'Party' },
];
const NEW_TYPE: AppointmentTypeInput = {
  title: '',
  kind: 'lesson',
  minutes: 60,
  priceCents: 0,
  bufferMinutes: 15,
  minNoticeHours: 24,
  horizonDays: 60,
  instructorIds: [],
};
const dollars = (cents: number | undefined) => (cents === undefined ? Number.NaN : cents / 100);
const cents = (value: number) => (Number.isNaN(value) ? undefined : Math.round(value * 100));
const whole = (value: number) => (Number.isNaN(value) ? undefined : value);

/**
 * Adds a lesson or party type, or changes one (issue 38 item 3). The program it belongs to and its
 * lesson packs are kept as they are: they have no fields here yet.
 */
export function AppointmentTypeDialog({
  type,
  instructors,
  onClose,
}: {
  type: AppointmentType | null;
  instructors: readonly InstructorView[];
  onClose: () => void;
}) {
  const [values, setValues] = useState<AppointmentTypeInput>(() => {
    if (!type) return NEW_TYPE;
    const { id: _id, ...rest } = type;
    return rest;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAppointmentType(type?.id ?? null);
  const set = (change: Partial<AppointmentTypeInput>) => setValues((v) => ({ ...v, ...change }));
  const guests = values.guests ?? { min: 1, max: 12, priceCentsPerGuest: 0 };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, ...(values.kind === 'lesson' ? { guests: undefined } : { guests }) };
    const parsed = AppointmentTypeInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: type ? 'Appointment type saved' : 'Appointment type added' });
        onClose();
      },
      onError: (err) => {
        const issues = apiErrorIssues(err);
        if (Object.keys(issues).length > 0) setErrors(issues);
        else
          toast({
            title: 'The appointment type was not saved',
            description: apiErrorText(err) ?? 'Please try again.',
            variant: 'destructive',
          });
      },
    });
  };
  const number = (label: string, key: 'minutes' | 'bufferMinutes' | 'minNoticeHours' | 'horizonDays' | 'maxPerDay') => (
    <NumberField
      label={label}
      value={values[key] ?? Number.NaN}
      onChange={(v) => set({ [key]: whole(v) })}
      minValue={0}
      errorMessage={errors[key]}
    />
  );

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={type ? `Edit ${type.title}` : 'New appointment type'}
      size="lg"
    >
      <Form onSubmit={submit} validationBehavior="aria" className="admin-form" aria-label="Appointment type">
        <div className="admin-form__row">
          <TextField
            label="Title"
            value={values.title}
            onChange={(title) => set({ title })}
            errorMessage={errors.title}
            isRequired
            autoFocus
          />
          <Select
            label="Kind"
            options={KINDS}
            selectedKey={values.kind}
            onSelectionChange={(key) => set({ kind: key === 'party' ? 'party' : 'lesson' })}
            errorMessage={errors.kind}
          />
        </div>
        <div className="admin-form__row">
          {number('Minutes', 'minutes')}
          <NumberField
            label="Price"
            formatOptions={USD}
            value={dollars(values.priceCents)}
            onChange={(v) => set({ priceCents: cents(v) ?? 0 })}
            minValue={0}
            errorMessage={errors.priceCents}
          />
          <NumberField
            label="Deposit"
            description="Empty: the whole price at booking."
            formatOptions={USD}
            value={dollars(values.depositCents)}
            onChange={(v) => set({ depositCents: cents(v) })}
            minValue={0}
            errorMessage={errors.depositCents}
          />
        </div>
        <div className="admin-form__row">
          {number('Buffer minutes', 'bufferMinutes')}
          {number('Minimum notice hours', 'minNoticeHours')}
          {number('Horizon days', 'horizonDays')}
          {number('Most per day', 'maxPerDay')}
        </div>
        {values.kind === 'party' && (
          <div className="admin-form__row" role="group" aria-label="Guests">
            <NumberField
              label="Guests at least"
              value={guests.min}
              onChange={(min) => set({ guests: { ...guests, min } })}
              minValue={1}
              errorMessage={errors['guests.min'] ?? errors.guests}
            />
            <NumberField
              label="Guests at most"
              value={guests.max}
              onChange={(max) => set({ guests: { ...guests, max } })}
              minValue={1}
              errorMessage={errors['guests.max']}
            />
            <NumberField
              label="Price per guest"
              formatOptions={USD}
              value={dollars(guests.priceCentsPerGuest)}
              onChange={(v) => set({ guests: { ...guests, priceCentsPerGuest: cents(v) ?? 0 } })}
              minValue={0}
              errorMessage={errors['guests.priceCentsPerGuest']}
            />
          </div>
        )}
        <fieldset className="week-grid__blackouts">
          <legend>Instructors</legend>
          {instructors.length === 0 && <p>Add instructors first.</p>}
          {instructors.map((i) => (
            <Checkbox
              key={i.id}
              isSelected={values.instructorIds.includes(i.id)}
              onChange={(on) =>
                set({
                  instructorIds: on
                    ? [...values.instructorIds, i.id]
                    : values.instructorIds.filter((id) => id !== i.id),
                })
              }
            >
              {i.name}
            </Checkbox>
          ))}
          {errors.instructorIds && (
            <p role="alert" className="field__error">
              {errors.instructorIds}
            </p>
          )}
        </fieldset>
        <div className="admin-form__actions">
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save appointment type'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
