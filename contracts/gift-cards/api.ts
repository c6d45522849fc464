import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import { multiLineText, personName } from '../core/text.js';
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from './events.js';

const name = (label: string) =>
  personName(label, { error: `${label} is required.` })
    .trim()
    .min(2, `${label} must be at least 2 characters.`)
    .max(100, `${label} must be at most 100 characters.`);
const email = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .max(254)
    .pipe(z.email(`Please enter a valid email address for the ${label.toLowerCase()}.`));

const details = {
  recipientName: name("Recipient's name"),
  recipientEmail: email('Recipient'),
  message: multiLineText('Message').trim().max(500, 'Message must be at most 500 characters.').default(''),
  /** The day the recipient gets the card by e-mail (YYYY-MM-DD, the school's calendar); absent or today: at once. */
  sendOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Send date must be a date like 2025-12-24.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  purchaserName: name('Your name'),
  purchaserEmail: email('Purchaser'),
};

const dollarsRule = `Choose an amount from $${GIFT_CARD_MIN_CENTS / 100} to $${GIFT_CARD_MAX_CENTS / 100}.`;

/** POST /api/gift-cards: a card of $25-$500 for a recipient, paid like an enrollment. */
export const GiftCardPurchaseRequestSchema = z.object({
  amountCents: z
    .number({ error: `amountCents is required. ${dollarsRule}` })
    .int('amountCents must be whole cents.')
    .min(GIFT_CARD_MIN_CENTS, dollarsRule)
    .max(GIFT_CARD_MAX_CENTS, dollarsRule),
  ...details,
});
export type GiftCardPurchaseRequest = z.input<typeof GiftCardPurchaseRequestSchema>;

/** The /gift-cards form: the same fields, the amount in whole dollars as the visitor types it. */
export const GiftCardFormSchema = z.object({
  amount: z
    .number({ error: dollarsRule })
    .int('Choose a whole-dollar amount.')
    .min(GIFT_CARD_MIN_CENTS / 100, dollarsRule)
    .max(GIFT_CARD_MAX_CENTS / 100, dollarsRule),
  ...details,
});
export type GiftCardFormValues = FormValues<typeof GiftCardFormSchema>;
export const EMPTY_GIFT_CARD_FORM: GiftCardFormValues = {
  amount: 50,
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendOn: '',
  purchaserName: '',
  purchaserEmail: '',
};

export const GiftCardPurchaseResponseSchema = z.object({
  giftCardOrderId: z.string(),
  amountCents: z.number().int(),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** When the recipient is e-mailed (YYYY-MM-DD). */
  sendOn: z.string(),
});
export type GiftCardPurchaseResponse = z.infer<typeof GiftCardPurchaseResponseSchema>;

/** GET /api/gift-cards/:code */
export const GiftCardBalanceSchema = z.object({
  balanceCents: z.number().int().nonnegative(),
  currency: z.literal('usd'),
});
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;

export const GIFT_CARD_STATUSES = ['awaiting-payment', 'active', 'spent'] as const;

/** The `gift-cards` read model, as GET /api/admin/gift-cards lists it: never the code, only its end. */
export const GiftCardViewSchema = z.object({
  id: z.string(),
  last4: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  purchaserName: z.string(),
  purchaserEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  sendOn: z.string(),
  orderedAt: z.string(),
  paidAt: z.string().nullable(),
  emailSentAt: z.string().nullable(),
  /** What enrollments took from it, and what refunds put back. */
  redemptions: z.array(
    z.object({
      enrollmentId: z.string(),
      amountCents: z.number().int(),
      at: z.string(),
      kind: z.enum(['reserved', 'released', 'returned']),
    }),
  ),
});
export type GiftCardView = z.infer<typeof GiftCardViewSchema>;
