import { APPOINTMENT_PAYMENT_KIND, appointmentStream } from '../../contracts/appointments/booking.js';
import { META } from '../payments/port.js';
import { byIdIn } from '../core/payment-kinds.js';
import { appointmentDecider } from './appointment-decider.js';
import { verifiedAppointment } from './checkout/verified-appointment.js';

/** How long the payment page's answer waits for the appointment checkout before it says "processing". */
const SETTLE_MS = 10_000;

/** A private lesson or party paid by card: its money on the appointment; the time is the appointment checkout's. */
export const appointmentPayment = byIdIn(APPOINTMENT_PAYMENT_KIND, META.appointmentId, (appointmentId) => ({
  named: { kind: 'appointment', appointmentId },
  enrollmentId: null,
  record: async (deps, money, _intent, metadata) =>
    (
      await deps.commands.handle(
        appointmentDecider,
        appointmentStream(appointmentId),
        { type: 'RecordAppointmentPayment', ...money },
        metadata,
      )
    ).position,
  verified: async (deps, recorded, base) => ({
    ...base,
    ...(await verifiedAppointment(deps, appointmentId, recorded, SETTLE_MS)),
  }),
}));
