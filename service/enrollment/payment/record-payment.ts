import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import type { AppDeps } from '../../core/deps.js';
import { META, type PaymentIntentInfo } from '../../payments/port.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { giftCardDecider } from '../../gift-cards/gift-card-decider.js';
import { APPOINTMENT_PAYMENT_KIND, appointmentStream } from '../../../contracts/appointments/booking.js';
import { appointmentDecider } from '../../appointments/appointment-decider.js';
import { recordInvoiceCardPayment } from '../../organizations/invoice-card-payment.js';
import { INSTALLMENT_BY_PARENT_KIND, installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { installmentPlanDecider } from '../installments/plan-decider.js';

/** What a succeeded PaymentIntent paid for, from the metadata it was created with. */
export type PaidFor =
  | { kind: 'enrollment'; enrollmentId: string }
  | { kind: 'balance'; enrollmentId: string }
  | { kind: 'gift-card'; giftCardId: string }
  | { kind: 'appointment'; appointmentId: string }
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'installment'; enrollmentId: string; n: number };

export function paidFor(intent: PaymentIntentInfo): PaidFor | null {
  const kind = intent.metadata[META.kind];
  const giftCardId = intent.metadata[META.giftCardId];
  if (kind === 'gift-card') return giftCardId ? { kind: 'gift-card', giftCardId } : null;
  if (kind === APPOINTMENT_PAYMENT_KIND) {
    const appointmentId = intent.metadata[META.appointmentId];
    return appointmentId ? { kind: 'appointment', appointmentId } : null;
  }
  if (kind === 'invoice') {
    const invoiceId = intent.metadata[META.invoiceId];
    return invoiceId ? { kind: 'invoice', invoiceId } : null;
  }
  const enrollmentId = intent.metadata[META.enrollmentId];
  if (kind === INSTALLMENT_BY_PARENT_KIND) {
    const n = Number(intent.metadata[META.installment]);
    return enrollmentId && Number.isInteger(n) ? { kind: 'installment', enrollmentId, n } : null;
  }
  // An instalment charged with the parent away is recorded from the provider's answer, on the plan's stream.
  if (!enrollmentId || kind === 'installment') return null;
  return kind === 'balance' ? { kind: 'balance', enrollmentId } : { kind: 'enrollment', enrollmentId };
}

/**
 * The one path of a provider's "succeeded", whoever reports it (the webhook, the payment page's
 * verification): the money recorded on the stream of what it paid for, once (duplicate, late and
 * out-of-order deliveries change nothing). Only the fact: what follows (an enrollment settled, a
 * gift card's e-mail) is the workflows' and reactors'. Answers the position written, or null.
 */
export async function recordPayment(
  deps: Pick<AppDeps, 'commands' | 'clock' | 'log'>,
  paid: PaidFor,
  intent: PaymentIntentInfo,
  providerEventId: string | null,
  source: 'webhook' | 'verification',
  metadata: EventMetadata,
): Promise<bigint | null> {
  if (paid.kind === 'invoice') {
    const position = await recordInvoiceCardPayment(deps, paid.invoiceId, intent, metadata);
    if (position !== null) deps.log.info('payment recorded', { ...paid, source });
    return position;
  }
  if (paid.kind === 'installment') {
    const recorded = await deps.commands.handle(
      installmentPlanDecider,
      installmentPlanStream(paid.enrollmentId),
      {
        type: 'RecordParentPayment',
        n: paid.n,
        paymentIntentId: intent.id,
        amountCents: intent.amountCents,
        at: deps.clock().toISOString(),
      },
      metadata,
    );
    if (recorded.events.length > 0) deps.log.info('payment recorded', { ...paid, source });
    return recorded.position;
  }
  const money = {
    paymentIntentId: intent.id,
    amountCents: intent.amountCents,
    providerEventId,
    source,
    at: deps.clock().toISOString(),
  };
  const recorded =
    paid.kind === 'appointment'
      ? await deps.commands.handle(
          appointmentDecider,
          appointmentStream(paid.appointmentId),
          { type: 'RecordAppointmentPayment', ...money },
          metadata,
        )
      : paid.kind === 'gift-card'
        ? await deps.commands.handle(
            giftCardDecider,
            giftCardStream(paid.giftCardId),
            { type: 'RecordGiftCardPayment', ...money },
            metadata,
          )
        : await deps.commands.handle(
            enrollmentDecider,
            enrollmentStream(paid.enrollmentId),
            paid.kind === 'balance'
              ? { type: 'RecordBalancePayment', ...money }
              : {
                  type: 'RecordPaymentSuccess',
                  ...money,
                  ...(intent.savedCard ? { savedCard: intent.savedCard } : {}),
                },
            metadata,
          );
  if (recorded.events.length > 0) deps.log.info('payment recorded', { ...paid, source });
  return recorded.position;
}
