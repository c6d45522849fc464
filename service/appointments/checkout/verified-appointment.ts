import { appointmentStream } from '../../../contracts/appointments/booking.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import type { VerifyPaymentResponse } from '../../../contracts/payments/api.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { appointmentDecider } from '../appointment-decider.js';
import { appointmentPath } from '../appointment-link.js';
import { APPOINTMENT_CHECKOUT_WORKFLOW } from './appointment-checkout-reactor.js';

/**
 * What the payment page shows once an appointment's payment is recorded: awaited (bounded, by
 * position) until the appointment checkout settled it, as a class's verification waits for its own.
 */
export async function verifiedAppointment(
  deps: AppDeps,
  appointmentId: string,
  recorded: bigint | null,
  settleMs: number,
): Promise<Pick<VerifyPaymentResponse, 'status' | 'message' | 'position' | 'appointmentId' | 'appointmentPath'>> {
  await deps.projections.waitFor(
    recorded ?? (await deps.eventStore.headPosition()),
    [APPOINTMENT_CHECKOUT_WORKFLOW],
    settleMs,
  );
  const state = await deps.commands.state(appointmentDecider, appointmentStream(appointmentId));
  if (state.phase === 'none')
    throw notFound('We could not find this payment. Please contact us with your receipt e-mail.');
  const position = (await deps.eventStore.headPosition()).toString();
  const common = { appointmentId, appointmentPath: appointmentPath(deps.config, appointmentId), position };
  if (state.phase === 'confirmed') return { ...common, status: 'succeeded' };
  if (state.phase === 'refunded')
    return {
      ...common,
      status: 'refunded',
      message: `Sorry: your hold on this time expired and it was booked by someone else before your payment arrived. We refunded ${formatUsd(state.refundedCents)} to your card; it may take 5-10 business days to appear.`,
    };
  return { ...common, status: 'processing' };
}
