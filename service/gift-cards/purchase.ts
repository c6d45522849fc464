import type { EventMetadata } from '../../contracts/core/events.js';
import type { GiftCardPurchaseRequest, GiftCardPurchaseResponse } from '../../contracts/gift-cards/api.js';
import { GiftCardPurchaseRequestSchema } from '../../contracts/gift-cards/api.js';
import { giftCardStream } from '../../contracts/gift-cards/events.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, validationError } from '../core/errors.js';
import { META } from '../payments/port.js';
import { giftCardDecider } from './gift-card-decider.js';
import { giftCardIdFor, newGiftCardCode } from './gift-card-code.js';
import { addDays, isCalendarDay, schoolDay } from '../core/school-day.js';
import type { z } from 'zod';

/** How far ahead a card may be sent: a year, enough for any birthday. */
const MAX_DAYS_AHEAD = 366;

const sendOnIssue = (message: string) => validationError(message, [{ path: 'sendOn', message }]);

/**
 * Orders a gift card: a new code (80 random bits), its stream created once (`gift-card-<id>`, the
 * id a hash of the code), then a PaymentIntent through the payments port exactly as an
 * enrollment's (idempotency key and metadata name the card, never a person), paid with the client
 * secret this answers. The webhook or the verification record its payment once (gift-card-payment.ts).
 */
export async function orderGiftCard(
  deps: AppDeps,
  body: z.output<typeof GiftCardPurchaseRequestSchema>,
  metadata: EventMetadata,
  random?: (n: number) => Uint8Array,
): Promise<GiftCardPurchaseResponse> {
  const now = deps.clock();
  const today = schoolDay(now);
  const sendOn = body.sendOn ?? today;
  if (!isCalendarDay(sendOn)) throw sendOnIssue('Send date must be a real date, like 2025-12-24.');
  if (sendOn < today) throw sendOnIssue('Send date cannot be in the past: choose today or a later day.');
  if (sendOn > addDays(today, MAX_DAYS_AHEAD)) throw sendOnIssue('Send date must be within a year from today.');

  const code = newGiftCardCode(random);
  const giftCardId = giftCardIdFor(code);
  const stream = giftCardStream(giftCardId);
  await deps.commands.handle(
    giftCardDecider,
    stream,
    {
      type: 'OrderGiftCard',
      order: {
        giftCardId,
        code,
        amountCents: body.amountCents,
        currency: 'usd',
        purchaserName: body.purchaserName,
        purchaserEmail: body.purchaserEmail,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        message: body.message,
        sendOn,
        orderedAt: now.toISOString(),
      },
    },
    metadata,
  );

  const intent = await deps.payments.createPaymentIntent({
    amountCents: body.amountCents,
    idempotencyKey: `gift-card-${giftCardId}`,
    description: `Gift card ${formatUsd(body.amountCents)}`,
    metadata: { [META.kind]: 'gift-card', [META.giftCardId]: giftCardId },
    receiptEmail: body.purchaserEmail,
  });
  await deps.commands.handle(
    giftCardDecider,
    stream,
    {
      type: 'RecordGiftCardIntent',
      paymentIntentId: intent.id,
      provider: deps.payments.provider,
      amountCents: intent.amountCents,
    },
    metadata,
  );
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  deps.log.info('gift card ordered', { giftCardId, amountCents: body.amountCents });
  return {
    giftCardOrderId: giftCardId,
    amountCents: intent.amountCents,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    sendOn,
  };
}

export type { GiftCardPurchaseRequest };
