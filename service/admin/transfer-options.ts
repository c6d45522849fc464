import { Hono } from 'hono';
import { z } from 'zod';
import { EnrollmentIdSchema } from '../../contracts/enrollment/events.js';
import type { TransferOption, TransferOptions } from '../../contracts/admin/after-sale.js';
import { TransferOptionsQuerySchema } from '../../contracts/admin/after-sale.js';
import { outsideAgeRange } from '../../contracts/catalogue/age-range.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { placeShare, stillComing } from '../../contracts/enrollment/left-participants.js';
import { priceEnrollment, tiersInCents, toCents } from '../../contracts/enrollment/money.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { listWorkshops } from '../catalogue/queries.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { validate } from '../core/validate.js';
import { recordAccess } from '../core/access-log.js';

const IdParam = z.object({ id: EnrollmentIdSchema });

/** Who moves: everyone still coming, or the one participant. */
function moving(row: EnrollmentRowDoc, participant: number | undefined) {
  const details = row.participantDetails ?? [];
  const indexes =
    participant === undefined
      ? details.map((_, i) => i).filter((i) => stillComing(row.leftParticipants, i))
      : [participant];
  return { seats: participant === undefined ? row.participants : 1, ages: indexes.map((i) => details[i]?.age ?? null) };
}

/**
 * The classes a booking (or one participant of it) may move to, as the decider would price them:
 * upcoming, with room, of the booking's program (its category) and within every mover's age range;
 * the target priced with the booking's own discounts, against what the booking or the place is worth.
 */
export async function transferOptions(
  deps: AppDeps,
  enrollmentId: string,
  participant: number | undefined,
): Promise<TransferOptions | null> {
  const [row, order] = await Promise.all([
    deps.readStore.get<EnrollmentRowDoc>('enrollments', enrollmentId),
    deps.readStore.get<Order>('orders', enrollmentId),
  ]);
  if (!row || !order) return null;
  const r = row.doc;
  const { seats, ages } = moving(r, participant);
  const decided = (r.refunds ?? []).reduce((sum, x) => sum + toCents(x.amount), 0);
  const refundable = Math.max(0, (r.paidCents ?? 0) - decided);
  const worthCents =
    participant === undefined ? toCents(r.amount) : (placeShare(order.doc, refundable)?.refundCents ?? 0);
  const d = order.doc.discounts;
  const now = deps.clock().getTime();
  const fits = (w: Workshop) =>
    w.id !== r.workshopId &&
    Date.parse(w.date) > now &&
    w.spotsLeft >= seats &&
    w.category === r.category &&
    ages.every((age) => !outsideAgeRange(w.ageRange, age));
  const option = (w: Workshop): TransferOption => {
    const { amountCents } = priceEnrollment(toCents(w.price), seats, tiersInCents(w.priceTiers), {
      siblingDiscountPercent: d?.siblingDiscountPercent ?? 0,
      // One participant moving keeps the sibling discount: a sibling still comes in the booking.
      siblingAlreadyEnrolled:
        participant === undefined ? (d?.siblingAlreadyEnrolled ?? false) : (d?.siblingDiscountPercent ?? 0) > 0,
      code: d?.discountCode ?? null,
    });
    return {
      workshopId: w.id,
      title: w.title,
      date: w.date,
      location: w.location,
      spotsLeft: w.spotsLeft,
      unitPriceCents: toCents(w.price),
      priceCents: amountCents,
      worthCents,
      extraCents: Math.max(0, amountCents - worthCents),
      refundCents: Math.max(0, Math.min(worthCents, refundable) - amountCents),
    };
  };
  const workshops = await listWorkshops(deps.readStore);
  return { seats, options: workshops.filter(fits).map(option) };
}

/** GET /admin/enrollments/:id/transfer-options[?participant=]: what the transfer dialog offers. */
export function adminTransferOptionRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get(
    '/enrollments/:id/transfer-options',
    validate('param', IdParam),
    validate('query', TransferOptionsQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const found = await transferOptions(deps, id, c.req.valid('query').participant);
      if (!found) throw notFound('We could not find that enrollment.');
      await recordAccess(deps, c, { kind: 'enrollment', enrollmentId: id });
      return c.json(found);
    },
  );
  return app;
}
