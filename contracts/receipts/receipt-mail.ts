import { z } from 'zod';

/**
 * The receipt e-mailed for one payment that has no confirmation of its own (issue 37): a gift
 * card bought, a deposit booking's balance paid. One stream per payment event, named by that
 * event's position in the feed (`payment-receipt-<position>`): a delivery again finds it sent.
 */
export const paymentReceiptStream = (position: bigint) => `payment-receipt-${position}`;

export const PaymentReceiptSentSchema = z.object({
  /** What was paid: `gift-card:<giftCardId>`, `balance:<enrollmentId>` or `installment:<enrollmentId>:<n>`. */
  paid: z.string().min(1),
  messageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: z.string().datetime({ offset: true }),
});
export type PaymentReceiptSent = z.infer<typeof PaymentReceiptSentSchema>;

export const paymentReceiptEventSchemas = { PaymentReceiptSent: PaymentReceiptSentSchema } as const;
export type PaymentReceiptEvent = { type: 'PaymentReceiptSent'; data: PaymentReceiptSent };
