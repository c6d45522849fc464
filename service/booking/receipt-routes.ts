import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BookingView } from '../../contracts/booking/api.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { validate } from '../core/validate.js';
import { findOrder } from '../enrollment/sale/queries.js';
import { receiptPdf, receiptPdfFileName, type ReceiptPdfOrder } from '../mail/receipt-pdf.js';
import { bookingView } from './view.js';
import { holdTokensFor } from '../enrollment/sale/hold-token.js';

const ReceiptProofSchema = z
  .object({ receiptToken: z.string({ error: 'receiptToken is required.' }).max(200) })
  .strict();

const OrderParamSchema = z.object({
  orderId: z.string().regex(/^(ORD|FREE|TEST)-[A-Za-z0-9_-]{1,64}$/, 'is not an order number (ORD-, FREE- or TEST-)'),
});

/** The booking as the receipt prints it; `named: false` leaves out every name and the card (the order number is no secret). */
function receiptOrder(b: BookingView, named: boolean): ReceiptPdfOrder {
  return {
    orderReference: b.orderReference,
    confirmedAt: b.confirmedAt,
    submittedAt: b.submittedAt,
    paymentMethod: b.paymentMethod,
    item: b.item,
    participants: b.participants.length,
    subtotalCents: b.subtotalCents,
    taxCents: b.taxCents,
    amountCents: b.amountCents,
    refundedCents: b.refundedCents,
    isFree: b.isFree,
    status: b.status,
    paidCents: b.paidCents,
    refundsUnderwayCents: b.refunds.filter((r) => r.status !== 'issued').reduce((sum, r) => sum + r.amountCents, 0),
    pricing: b.pricing,
    balanceCents: b.balanceCents,
    balanceDueAt: b.balanceDueAt,
    // The card that paid is named only where names are: the order number alone shows "Credit Card".
    ...(named
      ? {
          participantDetails: b.participants,
          contactName: b.contactName,
          leftParticipants: b.leftParticipants,
          ...(b.card ? { card: b.card } : {}),
        }
      : {}),
  };
}

/**
 * The PDF receipt, from the same read models as the booking page:
 * - GET /bookings/:token/receipt.pdf: the parent's, behind the booking link's token, naming each
 *   participant (the same document as the confirmation e-mail's attachment);
 * - GET /orders/:orderId/receipt.pdf: the order confirmation page's, reached by order number like
 *   GET /orders/:orderId and so naming no one, as that read does not;
 * - POST /orders/:orderId/receipt.pdf `{ receiptToken }`: the same page's, naming each participant,
 *   for the browser whose enroll answer carried that token.
 * A booking not confirmed yet has no receipt (404, as an unknown one).
 */
export function receiptRoutes(deps: AppDeps, bookingOf: (c: Context) => string, bookingNotFound: string): Hono {
  const app = new Hono();

  const pdf = async (c: Context, view: BookingView | null, named: boolean, missing: string) => {
    if (!view?.orderId || view.status === 'pending' || view.status === 'expired') throw notFound(missing);
    const bytes = await receiptPdf(view.orderId, receiptOrder(view, named), deps.clock());
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${receiptPdfFileName(view.orderId)}"`);
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  };

  app.get('/bookings/:token/receipt.pdf', async (c) => {
    const id = bookingOf(c);
    const view = await bookingView(deps, id, await deps.eventStore.headPosition());
    if (!view) throw notFound(bookingNotFound);
    return pdf(c, view, true, 'This booking has no receipt yet: it is not paid.');
  });

  const MISSING =
    'We could not find that order. If you just paid, try again in a moment; otherwise contact us with your order number.';

  app.get('/orders/:orderId/receipt.pdf', validate('param', OrderParamSchema), async (c) => {
    const order = await findOrder(deps.readStore, c.req.valid('param').orderId);
    if (!order) throw notFound(MISSING);
    return pdf(c, await bookingView(deps, order.enrollmentId, await deps.eventStore.headPosition()), false, MISSING);
  });

  // The same PDF naming everyone, for the browser that made the enrollment: its enroll answer's
  // `receiptToken` comes in the body (never the address, which history, logs and Referers keep).
  // A token for another enrollment, forged or from a former key, is the same 404 as no order.
  app.post(
    '/orders/:orderId/receipt.pdf',
    validate('param', OrderParamSchema),
    validate('json', ReceiptProofSchema),
    async (c) => {
      const order = await findOrder(deps.readStore, c.req.valid('param').orderId);
      const proven = holdTokensFor(deps.config).enrollmentOf(c.req.valid('json').receiptToken);
      if (!order || proven !== order.enrollmentId) throw notFound(MISSING);
      return pdf(c, await bookingView(deps, order.enrollmentId, await deps.eventStore.headPosition()), true, MISSING);
    },
  );

  return app;
}
