import type { EventMetadata } from '../../contracts/core/events.js';
import {
  paymentReceiptStream,
  type PaymentReceiptEvent,
  type PaymentReceiptSent,
} from '../../contracts/receipts/receipt-mail.js';
import type { Decider } from '../../platform/command/decider.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError, type MailMessage } from '../mail/port.js';

type RecordReceipt = { type: 'RecordPaymentReceipt' } & PaymentReceiptSent;

/** One receipt per payment event: the second record finds it sent and records nothing. */
export const paymentReceiptDecider: Decider<RecordReceipt, PaymentReceiptEvent, { sent: boolean }> = {
  initialState: { sent: false },
  evolve: () => ({ sent: true }),
  decide: (command, state) => {
    if (state.sent) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'PaymentReceiptSent', data }];
  },
};

/**
 * The receipt of the payment recorded at `position`, sent once: skipped when its stream says it
 * left, else built (`build`, null when there is nothing to send), sent and recorded. A crash
 * between the send and the record sends the same message (same Message-ID) again; a message
 * that can never be sent is logged and passed over.
 */
export async function sendPaymentReceipt(
  deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'log'>,
  payment: { position: bigint; paid: string },
  build: () => Promise<MailMessage | null>,
  metadata: EventMetadata,
): Promise<void> {
  const stream = paymentReceiptStream(payment.position);
  if ((await deps.commands.state(paymentReceiptDecider, stream)).sent) return;
  const message = await build();
  if (!message) return;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    if (!(err instanceof UnsendableMessageError)) throw err;
    deps.log.error('payment receipt cannot be sent; passed over', { paid: payment.paid, reason: err.message });
    return;
  }
  await deps.commands.handle(
    paymentReceiptDecider,
    stream,
    {
      type: 'RecordPaymentReceipt',
      paid: payment.paid,
      messageId: message.messageId,
      transport: deps.mailer.transport,
      sentAt: deps.clock().toISOString(),
    },
    metadata,
  );
  deps.log.info('payment receipt sent', { paid: payment.paid, transport: deps.mailer.transport });
}
