import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicAppointmentType, SlotView } from '../../contracts/appointments/appointment-type.js';
import type { AppointmentBookedAnswer } from '../../contracts/appointments/booking.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Checkbox } from '../components/Checkbox.js';
import { Link } from '../components/Link.js';
import { NumberField } from '../components/NumberField.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { formatLongDate, formatTime } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { bookAppointment, useAppointmentTypes } from './api.js';
import { AppointmentPayment } from './AppointmentPayment.js';
import { SlotPicker } from './SlotPicker.js';
import { PackCodeField } from './PackCodeField.js';
import './appointments.css';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'participantName'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  firstName: 'Your first name',
  lastName: 'Your last name',
  email: 'Email',
  phone: 'Phone number',
  participantName: 'Who the lesson is for',
};

/**
 * "Book a private lesson" from a program's page: the lesson (when the program offers several),
 * a free time by day, who it is for, then the payment. The time is held while the parent pays.
 */
export function BookAppointmentPage() {
  usePageTitle('Book a Private Lesson');
  const { programId = '' } = useParams();
  const types = useAppointmentTypes(programId);
  if (types.isPending) return <PageLoading label="Loading the lessons…" />;
  if (!types.data?.length)
    return (
      <div className="container container--narrow section">
        <h1>Private Lessons</h1>
        <p className="lead">No lesson can be booked online for this program just now. Please contact us.</p>
        <Link href="/contact" variant="primary">
          Contact us
        </Link>
      </div>
    );
  return <BookingForm types={types.data} />;
}

function BookingForm({ types }: { types: PublicAppointmentType[] }) {
  const [typeId, setTypeId] = useState(types[0]!.id);
  const type = types.find((t) => t.id === typeId) ?? types[0]!;
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [values, setValues] = useState<Record<Field | 'notes', string>>({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    participantName: '',
    notes: '',
  });
  const [age, setAge] = useState<number>(Number.NaN);
  const [guests, setGuests] = useState<number>(Number.NaN);
  const [packCode, setPackCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<{ answer: AppointmentBookedAnswer; slot: SlotView } | null>(null);

  if (booked) return <Booked type={type} {...booked} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!slot) missing.startsAt = 'Choose a day and a free time.';
    for (const f of FIELDS) if (!values[f].trim()) missing[f] = `${LABELS[f]} is required.`;
    if (!agree) missing.agreeToTerms = 'Please agree to the terms.';
    setIssues(missing);
    if (Object.keys(missing).length > 0 || !slot) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await bookAppointment(type.id, {
        startsAt: slot.startsAt,
        instructorId: slot.instructorId,
        ...Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])),
        ...(Number.isFinite(age) ? { participantAge: age } : {}),
        ...(type.guests && Number.isFinite(guests) ? { guests } : {}),
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
        ...(type.packs && packCode.trim() ? { packCode: packCode.trim() } : {}),
        agreeToTerms: true,
      });
      setBooked({ answer, slot });
    } catch (err) {
      setIssues(apiErrorIssues(err));
      setFailure(apiErrorText(err) ?? 'The booking could not be made. Please try again.');
      setSlot(null);
    } finally {
      setSending(false);
    }
  };

  const field = (f: Field, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={LABELS[f]}
      value={values[f]}
      onChange={(v) => setValues((old) => ({ ...old, [f]: v }))}
      errorMessage={issues[f]}
      isRequired
      {...extra}
    />
  );

  return (
    <div className="container section book-appointment">
      <h1>Book a Private Lesson</h1>
      <p className="lead">
        Choose a free time with one of our instructors. Your time is held for you while you pay, and you get a
        confirmation with a calendar file.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="book-appointment__form">
        {types.length > 1 && (
          <RadioGroup
            label="Lesson"
            value={type.id}
            onChange={(id) => {
              setTypeId(id);
              setSlot(null);
            }}
          >
            {types.map((t) => (
              <Radio key={t.id} value={t.id}>
                {t.title} ({t.minutes} minutes, {formatUsd(t.priceCents)})
              </Radio>
            ))}
          </RadioGroup>
        )}
        <Card as="section" aria-labelledby="when-title">
          <h2 id="when-title">Choose a time</h2>
          <p className="book-appointment__summary">
            {type.title}: {type.minutes} minutes, {formatUsd(type.priceCents)}
          </p>
          <SlotPicker
            key={type.id}
            typeId={type.id}
            instructors={type.instructors}
            horizonDays={type.horizonDays}
            value={slot}
            onChange={setSlot}
            errorMessage={issues.startsAt}
          />
        </Card>
        <Card as="section" aria-labelledby="who-title">
          <h2 id="who-title">Who</h2>
          <div className="book-appointment__grid">
            {field('firstName', { autoComplete: 'given-name' })}
            {field('lastName', { autoComplete: 'family-name' })}
            {field('email', { type: 'email', autoComplete: 'email' })}
            {field('phone', { type: 'tel', autoComplete: 'tel' })}
            {field('participantName')}
            <NumberField
              label="Their age"
              value={age}
              onChange={setAge}
              minValue={1}
              maxValue={120}
              errorMessage={issues.participantAge}
            />
            {type.guests && (
              <NumberField
                label={`Guests (${type.guests.min} to ${type.guests.max})`}
                value={guests}
                onChange={setGuests}
                minValue={type.guests.min}
                maxValue={type.guests.max}
                errorMessage={issues.guests}
                isRequired
              />
            )}
          </div>
          <TextArea
            label="Notes for the instructor"
            description="What the lesson should prepare for: an interview, a wedding, a first formal dinner."
            value={values.notes}
            onChange={(v) => setValues((old) => ({ ...old, notes: v }))}
            errorMessage={issues.notes}
          />
          {type.packs && (
            <PackCodeField key={type.id} value={packCode} onChange={setPackCode} errorMessage={issues.packCode} />
          )}
          <Checkbox isSelected={agree} onChange={setAgree} errorMessage={issues.agreeToTerms}>
            I agree to the <a href="/terms">terms</a>, including the cancellation policy.
          </Checkbox>
        </Card>
        {failure && (
          <p className="book-appointment__failure" role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" isDisabled={sending}>
          {slot ? `Book ${formatTime(slot.startsAt)} on ${formatLongDate(slot.startsAt)}` : 'Book this lesson'}
        </Button>
      </form>
    </div>
  );
}

function Booked({
  type,
  answer,
  slot,
}: {
  type: PublicAppointmentType;
  answer: AppointmentBookedAnswer;
  slot: SlotView;
}) {
  const when = `${formatLongDate(slot.startsAt)} at ${formatTime(slot.startsAt)}`;
  return (
    <div className="container container--narrow section book-appointment">
      <h1>{answer.clientSecret ? 'Pay to Confirm Your Lesson' : 'Your Lesson Is Booked'}</h1>
      <p className="lead">
        {type.title} with {slot.instructorName}, {when}.
        {answer.holdExpiresAt
          ? ` We hold this time for you until ${formatTime(answer.holdExpiresAt)}.`
          : ' We have e-mailed your confirmation with a calendar file and a link to manage it.'}
      </p>
      {answer.clientSecret && (
        <AppointmentPayment clientSecret={answer.clientSecret} amountCents={answer.pricing.dueNowCents} />
      )}
    </div>
  );
}
