import { Form } from 'react-aria-components';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import {
  AdminWorkshopFormSchema,
  EMPTY_WORKSHOP_FORM,
  type AdminSession,
  type AdminWorkshopInput,
  type AdminWorkshopValues,
} from '../../contracts/admin/catalogue-forms.js';
import { WorkshopCategorySchema, type Workshop, type WorkshopCategory } from '../../contracts/catalogue/workshop.js';
import {
  DEFAULT_LAST_DUE_DAYS_BEFORE,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENTS,
} from '../../contracts/catalogue/payment-plan.js';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Select } from '../components/Select.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { endTimeOf, timeRangeText, WALL_TIME } from '../../contracts/catalogue/workshop-time.js';
import { schoolWallClock } from './adminFormat.js';
import { zoneLabel } from '../../contracts/locations/zone-clock.js';
import { useCatalogueForm } from './useCatalogueForm.js';
import { PriceTiersField } from './PriceTiersField.js';
import { AdditionalInfoField } from './AdditionalInfoField.js';
import { MovedBookingsNotice, type MovedField } from './MovedBookingsNotice.js';
import { SessionsField } from './SessionsField.js';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { Program } from '../../contracts/catalogue/program.js';
import { queryKeys } from '../core/queryKeys.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import type { Key } from 'react-aria-components';
import { adminQueryFn } from './adminApi.js';

/** The program select's "none" (a select item may not have an empty value). */
const NO_PROGRAM = 'none';
/** The instructor select's "none": the Instructor text is then the workshop's only word on who teaches. */
const NO_INSTRUCTOR = 'none';

const CATEGORY_LABELS: Record<WorkshopCategory, string> = {
  children: 'Children',
  teen: 'Teen',
  adult: 'Adult',
  business: 'Business',
  dining: 'Dining',
  summer: 'Summer camp',
  'tea-party': 'Tea party',
};
const CATEGORIES = WorkshopCategorySchema.options.map((id) => ({ id, label: CATEGORY_LABELS[id] }));

/** The form's values for a workshop being edited, or the empty form (at the school) for a new one. */
const valuesOf = (w: Workshop | null): AdminWorkshopValues =>
  w
    ? {
        title: w.title,
        description: w.description,
        category: w.category,
        date: schoolWallClock(w.date, w.timeZone),
        // The form holds the sessions after the first (the first is Starts and Ends).
        sessions: w.sessions.slice(1).map((s) => ({
          startsAt: schoolWallClock(s.startsAt, w.timeZone),
          endsAt: schoolWallClock(s.endsAt, w.timeZone),
        })),
        programId: w.programId ?? '',
        lateJoinUntilSession: w.lateJoinUntilSession ?? Number.NaN,
        endTime: endTimeOf(w.time),
        time: w.time,
        location: w.location,
        locationId: w.locationId ?? '',
        roomId: w.roomId ?? '',
        venue: w.venue ?? '',
        price: w.price,
        capacity: w.capacity,
        enrollmentClosesAt: w.enrollmentClosesAt ? schoolWallClock(w.enrollmentClosesAt, w.timeZone) : '',
        priceTiers: w.priceTiers ?? [],
        maxFreeSeatsPerClient: w.maxFreeSeatsPerClient ?? Number.NaN,
        depositCents: w.depositCents ?? Number.NaN,
        balanceDueDaysBefore: w.balanceDueDaysBefore ?? Number.NaN,
        paymentPlan: w.paymentPlan ?? null,
        invoiceCheckout: w.invoiceCheckout ?? null,
        instructor: w.instructor,
        instructorId: w.instructorId ?? '',
        duration: w.duration,
        ageRange: w.ageRange ?? '',
        ageRangePolicy: w.ageRangePolicy ?? 'warn',
        attire: w.attire ?? '',
        longDescription: w.longDescription ?? '',
        additionalInfo: w.additionalInfo ?? [],
        note: w.note ?? '',
      }
    : { ...EMPTY_WORKSHOP_FORM, location: ADDRESS_ONE_LINE, instructor: SCHOOL.owner };

/** The specification's workshop form: create when `workshop` is null, edit otherwise. */
export function WorkshopFormDialog({
  workshop,
  isOpen,
  onClose,
}: {
  workshop: Workshop | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={workshop ? 'Edit Workshop' : 'Add Workshop'}
      size="lg"
    >
      {isOpen && <WorkshopForm key={workshop?.id ?? 'new'} workshop={workshop} onClose={onClose} />}
    </Dialog>
  );
}

/** The fields whose change moves the bookings (the form's values against the saved ones). */
const movedFields = (saved: AdminWorkshopValues, now: AdminWorkshopValues): MovedField[] => {
  const moved: MovedField[] = [];
  if (saved.date.slice(0, 10) !== now.date.slice(0, 10)) moved.push('date');
  if (saved.date.slice(11) !== now.date.slice(11) || saved.endTime !== now.endTime) moved.push('time');
  if (saved.location.trim() !== now.location.trim()) moved.push('location');
  return moved;
};

/** What the schedule will show, derived from the start and the end as the server derives it. */
function shownTime(values: AdminWorkshopValues): string | null {
  const start = values.date.slice(11, 16);
  if (!WALL_TIME.test(start) || !WALL_TIME.test(values.endTime) || values.endTime <= start) return null;
  return timeRangeText(start, values.endTime);
}

/** Session 1 as the form's Starts and Ends give it, or null while they are not filled in. */
const firstSession = (v: { date?: string; endTime?: string }): AdminSession | null =>
  v.date && v.endTime && WALL_TIME.test(v.endTime)
    ? { startsAt: v.date, endsAt: `${v.date.slice(0, 10)}T${v.endTime}` }
    : null;

/**
 * The form checked as the API checks it: with more sessions, the whole list from session 1 (so each
 * problem names its session as the server would); without, a one-date workshop as before.
 */
const FormWithSessions = z.preprocess((v) => {
  const values = v as AdminWorkshopValues;
  const more = values.sessions ?? [];
  if (more.length === 0) return { ...values, sessions: undefined };
  const first = firstSession(values) ?? { startsAt: values.date ?? '', endsAt: values.date ?? '' };
  return { ...values, sessions: [first, ...more] };
}, AdminWorkshopFormSchema);

function WorkshopForm({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const saved = valuesOf(workshop);
  const { values, field, listField, set, errors, write, submitWith, formRef } = useCatalogueForm(
    'workshop',
    saved,
    FormWithSessions as unknown as typeof AdminWorkshopFormSchema,
    onClose,
  );
  const programs = useQuery<Program[]>({ queryKey: queryKeys.programs() });
  const instructors = useQuery({
    queryKey: queryKeys.adminInstructors(),
    queryFn: adminQueryFn as () => Promise<InstructorView[]>,
  });
  const pickInstructor = (key: Key | null) => {
    const picked = instructors.data?.find((i) => i.id === key);
    set('instructorId', picked?.id ?? '');
    if (picked) set('instructor', picked.name);
  };
  const lateJoin = field('lateJoinUntilSession');
  // An empty field is NaN in the form (null only once checked: "no cap of its own").
  const freeSeats = field('maxFreeSeatsPerClient');
  // The deposit is kept in cents and typed in dollars; an empty field is NaN.
  const deposit = field('depositCents');
  const dueDays = field('balanceDueDaysBefore');
  // The plan is one value, typed in two fields: no instalments typed is no plan; its two fields' errors by their paths.
  const planErrors = errors as Record<string, string | undefined>;
  const plan = values.paymentPlan ?? null;
  const setPlan = (installments: number, lastDueDaysBefore: number) =>
    set('paymentPlan', Number.isNaN(installments) ? null : { installments, lastDueDaysBefore });
  const submit = submitWith((parsed) => {
    // spotsRemaining is the specification's field; the server works it out from the seats taken.
    // The schedule's time text is the server's to derive from the start and the end.
    const { time: _derived, ...fields } = parsed;
    // A course's sessions are sent whole; a one-date workshop keeps sending its start and end only.
    if (!fields.sessions) delete fields.sessions;
    const body: AdminWorkshopInput = { ...fields, spotsRemaining: workshop?.spotsLeft ?? parsed.capacity };
    return workshop ? { action: 'update', id: workshop.id, body } : { action: 'create', body };
  });

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      validationBehavior="aria"
      className="admin-form"
      aria-label={workshop ? `Edit ${workshop.title}` : 'New workshop'}
    >
      <TextField label="Title" {...field('title')} isRequired autoFocus />
      <TextArea label="Description" {...field('description')} isRequired rows={3} />
      <TextArea
        label="Long description"
        description="Shown when the workshop is opened on the schedule."
        {...field('longDescription')}
        rows={4}
      />
      <div className="admin-form__row">
        <Select
          label="Category"
          options={CATEGORIES}
          selectedKey={values.category || null}
          onSelectionChange={(key) => set('category', WorkshopCategorySchema.options.find((c) => c === key) ?? '')}
          errorMessage={errors.category}
          isRequired
        />
        <TextField label="Location" {...field('location')} isRequired />
      </div>
      <div className="admin-form__row">
        <TextField
          label="Starts"
          type="datetime-local"
          description={
            workshop?.timeZone
              ? `Date and time on the location’s clock (${zoneLabel(workshop.timeZone)})`
              : 'Date and time, school time (Central, Plano, Texas)'
          }
          {...field('date')}
          isRequired
        />
        <TextField
          label="Ends"
          type="time"
          description={
            shownTime(values)
              ? `The schedule shows: ${shownTime(values)}`
              : 'Time of day it ends, the same day, school time'
          }
          {...field('endTime')}
          isRequired
        />
      </div>
      <SessionsField
        first={firstSession(values)}
        rows={values.sessions ?? []}
        onChange={(rows) => set('sessions', rows)}
        errors={errors}
      />
      {workshop && <MovedBookingsNotice workshopId={workshop.id} moved={movedFields(saved, values)} />}
      <div className="admin-form__row">
        <Select
          label="Program"
          description="The program this workshop is an offering of: it shows on the program's page, and make-ups of that program can use its free seats."
          options={[
            { id: NO_PROGRAM, label: 'No program' },
            ...(programs.data ?? []).filter((p) => !p.isPrivate).map((p) => ({ id: p.id, label: p.title })),
          ]}
          selectedKey={values.programId || NO_PROGRAM}
          onSelectionChange={(key) => set('programId', key === NO_PROGRAM || key === null ? '' : String(key))}
          errorMessage={errors.programId}
        />
        <NumberField
          label="Late joining until session"
          description="Leave empty to close enrollment at the first session. A late family pays for the sessions left."
          {...lateJoin}
          value={lateJoin.value ?? Number.NaN}
          minValue={2}
          maxValue={20}
          step={1}
        />
      </div>
      <div className="admin-form__row">
        <NumberField
          label="Price"
          {...field('price')}
          minValue={0}
          step={0.01}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          isRequired
        />
        <NumberField
          label="Capacity"
          description={
            workshop
              ? `${workshop.seatsTaken} ${workshop.seatsTaken === 1 ? 'seat is' : 'seats are'} taken; capacity cannot go below that.`
              : undefined
          }
          {...field('capacity')}
          minValue={1}
          step={1}
          isRequired
        />
      </div>
      <NumberField
        label="Free seats per family"
        description="For a free workshop: the most seats one family (one connection or e-mail) may reserve. Leave empty for the usual limit."
        {...freeSeats}
        value={freeSeats.value ?? Number.NaN}
        minValue={1}
        step={1}
      />
      <div className="admin-form__row">
        <NumberField
          label="Deposit per participant"
          description="Parents pay this to book and the rest later. Leave empty to take the whole price at once."
          name="depositCents"
          errorMessage={deposit.errorMessage}
          value={deposit.value == null || Number.isNaN(deposit.value) ? Number.NaN : deposit.value / 100}
          onChange={(dollars) => set('depositCents', Number.isNaN(dollars) ? Number.NaN : Math.round(dollars * 100))}
          minValue={0}
          step={0.01}
          formatOptions={{ style: 'currency', currency: 'USD' }}
        />
        <NumberField
          label="Balance due, days before"
          description="When the rest is due (14 when left empty)."
          {...dueDays}
          value={dueDays.value ?? Number.NaN}
          minValue={0}
          step={1}
        />
      </div>
      <div className="admin-form__row">
        <NumberField
          label="Pay in instalments"
          description="Parents may pay in up to this many monthly instalments (2 to 6) on a saved card. Leave empty for none."
          name="paymentPlan.installments"
          errorMessage={planErrors['paymentPlan.installments'] ?? errors.paymentPlan}
          value={plan?.installments ?? Number.NaN}
          onChange={(n) => setPlan(n, plan?.lastDueDaysBefore ?? DEFAULT_LAST_DUE_DAYS_BEFORE)}
          minValue={MIN_INSTALLMENTS}
          maxValue={MAX_INSTALLMENTS}
          step={1}
        />
        <NumberField
          label="Last instalment, days before"
          description={`The last instalment is due at least this many days before the first session (${DEFAULT_LAST_DUE_DAYS_BEFORE} when left empty).`}
          name="paymentPlan.lastDueDaysBefore"
          errorMessage={planErrors['paymentPlan.lastDueDaysBefore']}
          value={plan ? plan.lastDueDaysBefore : Number.NaN}
          onChange={(days) =>
            plan && setPlan(plan.installments, Number.isNaN(days) ? DEFAULT_LAST_DUE_DAYS_BEFORE : days)
          }
          isDisabled={!plan}
          minValue={0}
          step={1}
        />
      </div>
      <div className="admin-form__row">
        <NumberField
          label="Pay by invoice: minimum seats"
          description="Organizations booking at least this many seats may get an invoice from the enroll page instead of paying by card. Leave empty for card only."
          name="invoiceCheckout.minSeats"
          errorMessage={planErrors['invoiceCheckout.minSeats'] ?? errors.invoiceCheckout}
          value={values.invoiceCheckout?.minSeats ?? Number.NaN}
          onChange={(n) => set('invoiceCheckout', Number.isNaN(n) ? null : { minSeats: n })}
          minValue={1}
          step={1}
        />
      </div>
      <div className="admin-form__row">
        <Select
          label="Instructor record"
          description="One of the school's instructors (Instructors tab): their hours are blocked by this workshop's sessions."
          options={[
            { id: NO_INSTRUCTOR, label: 'None (the name below only)' },
            ...(instructors.data ?? []).map((i) => ({ id: i.id, label: i.name })),
          ]}
          selectedKey={values.instructorId || NO_INSTRUCTOR}
          onSelectionChange={pickInstructor}
          errorMessage={errors.instructorId}
        />
        <TextField label="Instructor" {...field('instructor')} isDisabled={Boolean(values.instructorId)} />
      </div>
      <div className="admin-form__row">
        <TextField label="Duration" description="e.g. 1.5 hours" {...field('duration')} />
      </div>
      <div className="admin-form__row">
        <TextField label="Age range" description="e.g. Ages 5-12" {...field('ageRange')} />
        <TextField label="Attire" description="e.g. Sunday best" {...field('attire')} />
      </div>
      <RadioGroup
        label="A child outside the age range"
        description="Said on the enrollment form when a participant's age is outside the range above."
        value={values.ageRangePolicy ?? 'warn'}
        onChange={(v) => set('ageRangePolicy', v === 'refuse' ? 'refuse' : 'warn')}
        errorMessage={errors.ageRangePolicy}
      >
        <Radio value="warn">Warn the parent, who may confirm</Radio>
        <Radio value="refuse">Refuse the enrollment</Radio>
      </RadioGroup>
      <TextField label="Note" description="A short line shown with the details" {...field('note')} />
      <AdditionalInfoField
        rows={values.additionalInfo}
        onChange={(rows) => set('additionalInfo', rows)}
        fieldOf={(i, key) => listField('additionalInfo', i, key)}
        errorMessage={errors.additionalInfo}
      />
      <TextField
        label="Enrollment closes"
        type="datetime-local"
        description="School time. Leave empty to take enrollments until the workshop starts."
        {...field('enrollmentClosesAt')}
      />
      <PriceTiersField
        tiers={values.priceTiers}
        onChange={(tiers) => set('priceTiers', tiers)}
        errorMessage={errors.priceTiers}
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={write.isPending}>
          {write.isPending ? 'Saving…' : workshop ? 'Save Workshop' : 'Create Workshop'}
        </Button>
      </div>
    </Form>
  );
}
