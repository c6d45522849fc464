import { SCHOOL } from '../../../contracts/core/school.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { installmentPlanStream, type InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import { bookingUrl } from '../after-sale/booking-link.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale } from '../decider/enrollment-state.js';
import { installmentPlanDecider } from '../installments/plan-decider.js';

export const INSTALLMENT_DECLINE_REACTOR = 'installment-decline-notice';

const DOMAIN = SCHOOL.email.split('@')[1]!;

type Declined = Extract<InstallmentPlanEvent, { type: 'InstallmentChargeFailed' }>;

/**
 * The parent told of each declined instalment (issue 43 item 2): the card's words, when the saved
 * card is tried again (or that it is not), and the booking page's link to pay it with another card.
 * Once per decline: the plan records the notice for that attempt (InstallmentDeclineNoticeSent) and
 * a redelivery finds it; a crash between the send and the record sends the same Message-ID (the
 * event's position) again. Nothing is sent once the instalment is paid or the booking cancelled.
 */
export function installmentDeclineReactor(deps: AppDeps) {
  return defineReactor<Declined>({
    name: INSTALLMENT_DECLINE_REACTOR,
    eventTypes: ['InstallmentChargeFailed'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const { enrollmentId, n, attempt, reason, nextAttemptAt } = event.data;
      const stream = installmentPlanStream(enrollmentId);
      const [plan, booking] = await Promise.all([
        deps.commands.state(installmentPlanDecider, stream),
        deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId)),
      ]);
      const installment = plan.phase === 'active' ? plan.installments.find((i) => i.n === n) : undefined;
      if (!installment || installment.paid || installment.noticed.includes(attempt)) return;
      if (booking.status !== 'confirmed' || !hasSale(booking) || !booking.submission || !booking.order) return;
      const manageUrl = await bookingUrl(deps, enrollmentId);
      const rendered = await renderEmail('installment-declined', {
        firstName: booking.submission.form.firstName,
        orderId: booking.order.orderId,
        title: booking.item.title,
        n,
        count: plan.phase === 'active' ? plan.installments.length : n,
        amountCents: installment.amountCents,
        reason,
        nextAttemptAt,
        payUrl: manageUrl && `${manageUrl}#installment-${n}`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const messageId = `<installment-declined-${booking.order.orderId}-${n}-${attempt}-${event.position}@${DOMAIN}>`;
      try {
        await deps.mailer.send({ to: booking.submission.form.email, ...rendered, messageId, attachments: [] });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('instalment decline notice cannot be sent; passed over', {
          enrollmentId,
          n,
          reason: err.message,
        });
        return;
      }
      await deps.commands.handle(
        installmentPlanDecider,
        stream,
        {
          type: 'RecordDeclineNotice',
          n,
          attempt,
          messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('instalment decline notice sent', { enrollmentId, n, attempt });
    },
  });
}
