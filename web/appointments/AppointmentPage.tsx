import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { SlotView } from '../../contracts/appointments/appointment-type.js';
import type { AppointmentView } from '../../contracts/appointments/booking.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Dialog } from '../components/Dialog.js';
import { Link } from '../components/Link.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { formatLongDate, formatTime } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { Row } from '../enrollment/OrderRow.js';
import { appointmentCalendarHref, cancelAppointment, rescheduleAppointment, useAppointment } from './api.js';
import { SlotPicker } from './SlotPicker.js';
import '../enrollment/OrderConfirmationPage.css';
import './appointments.css';

const STATUS_WORDS: Record<AppointmentView['status'], string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  expired: 'Hold expired',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/**
 * The parent's own lesson or party, opened from the link in its e-mails: when and with whom, the
 * calendar file, and, by the cancellation policy, cancel (its refund said before confirming) or
 * move to another free time.
 */
export function AppointmentPage() {
  usePageTitle('Your Appointment');
  const { token = '' } = useParams();
  const appointment = useAppointment(token);
  if (appointment.isPending) return <PageLoading label="Loading your appointment…" />;
  if (!appointment.data)
    return (
      <div className="container container--narrow section confirm">
        <h1>{isApiError(appointment.error, 404) ? 'Link Not Recognized' : 'We Could Not Load Your Appointment'}</h1>
        <p className="lead">
          {isApiError(appointment.error, 404)
            ? 'This link does not open an appointment. Please use the link from your most recent e-mail from us.'
            : 'Our system did not answer just now. Please try again in a moment.'}
        </p>
      </div>
    );
  return <Appointment token={token} view={appointment.data} />;
}

function Appointment({ token, view }: { token: string; view: AppointmentView }) {
  const client = useQueryClient();
  const [search] = useSearchParams();
  const keep = (next: AppointmentView) => client.setQueryData(['appointment', token], next);
  const when = `${formatLongDate(view.startsAt)}, ${formatTime(view.startsAt)} - ${formatTime(view.endsAt)}`;
  return (
    <div className="container container--narrow section confirm appointment-page">
      <header className="confirm__head">
        <h1>{search.get('booked') && view.status === 'confirmed' ? 'Your Lesson Is Booked' : 'Your Appointment'}</h1>
        {search.get('booked') && view.status === 'confirmed' && (
          <p className="lead">Thank you! We have e-mailed your confirmation with a calendar file.</p>
        )}
      </header>
      <Card as="section" aria-labelledby="appointment-title">
        <h2 id="appointment-title">
          {view.title}{' '}
          <Badge variant={view.status === 'confirmed' ? 'success' : 'neutral'}>{STATUS_WORDS[view.status]}</Badge>
        </h2>
        <dl className="confirm__list">
          <Row label="When" value={when} />
          <Row label="With" value={view.instructorName} />
          <Row label="For" value={view.participantName} />
          {view.guests ? <Row label="Guests" value={String(view.guests)} /> : null}
          <Row label="Paid" value={formatUsd(view.paidCents)} />
          {view.dueLaterCents > 0 && <Row label="Due later" value={formatUsd(view.dueLaterCents)} />}
          {view.refundedCents > 0 && <Row label="Refunded" value={formatUsd(view.refundedCents)} />}
        </dl>
        {view.status !== 'cancelled' && (
          <Link href={appointmentCalendarHref(token)} variant="outline">
            Add to my calendar
          </Link>
        )}
      </Card>
      {(view.canCancel || view.canReschedule) && <Changes token={token} view={view} onChanged={keep} />}
      {view.canCancel && !view.canReschedule && (
        <p>
          It is less than a day before your appointment: it can no longer be moved online. Please call or e-mail us to
          change it.
        </p>
      )}
    </div>
  );
}

function Changes({
  token,
  view,
  onChanged,
}: {
  token: string;
  view: AppointmentView;
  onChanged(view: AppointmentView): void;
}) {
  const [moving, setMoving] = useState(false);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<AppointmentView>) => {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await action());
      setMoving(false);
      setSlot(null);
      setCancelOpen(false);
    } catch (err) {
      setFailure(apiErrorText(err) ?? 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const refund =
    view.refundIfCancelledCents > 0
      ? `You will get a full refund of ${formatUsd(view.refundIfCancelledCents)} to the card you paid with.`
      : view.paidCents > 0
        ? 'It is less than a day before your appointment: no refund applies.'
        : 'Nothing was paid: nothing is refunded.';

  return (
    <Card as="section" aria-labelledby="appointment-changes">
      <h2 id="appointment-changes">Change or cancel</h2>
      <p>
        Until {formatLongDate(view.fullRefundUntil)}, {formatTime(view.fullRefundUntil)}, you can move this appointment
        to another free time or cancel it for a full refund.
      </p>
      {failure && (
        <p className="book-appointment__failure" role="alert">
          {failure}
        </p>
      )}
      {moving ? (
        <>
          <SlotPicker
            typeId={view.typeId}
            instructors={[{ id: view.instructorId, name: view.instructorName }]}
            horizonDays={62}
            value={slot}
            onChange={setSlot}
          />
          <div className="appointment-page__actions">
            <Button
              isDisabled={!slot || busy}
              onPress={() => slot && void act(() => rescheduleAppointment(token, slot.startsAt))}
            >
              {slot ? `Move to ${formatTime(slot.startsAt)} on ${formatLongDate(slot.startsAt)}` : 'Choose a new time'}
            </Button>
            <Button variant="ghost" onPress={() => setMoving(false)}>
              Keep the current time
            </Button>
          </div>
        </>
      ) : (
        <div className="appointment-page__actions">
          {view.canReschedule && (
            <Button variant="primary" onPress={() => setMoving(true)}>
              Reschedule
            </Button>
          )}
          <Button variant="danger" onPress={() => setCancelOpen(true)}>
            Cancel appointment
          </Button>
        </div>
      )}
      <Dialog
        isOpen={cancelOpen}
        onOpenChange={setCancelOpen}
        title="Cancel this appointment?"
        footer={
          <>
            <Button variant="ghost" onPress={() => setCancelOpen(false)}>
              Keep it
            </Button>
            <Button variant="danger" isDisabled={busy} onPress={() => void act(() => cancelAppointment(token))}>
              Cancel appointment
            </Button>
          </>
        }
      >
        <p>{refund}</p>
      </Dialog>
    </Card>
  );
}
