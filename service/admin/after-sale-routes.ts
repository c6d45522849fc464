import { Hono } from 'hono';
import { z } from 'zod';
import {
  CancelEnrollmentRequestSchema,
  TransferEnrollmentRequestSchema,
  type AfterSaleResult,
  type RefundView,
} from '../../contracts/admin/after-sale.js';
import { EnrollmentIdSchema, enrollmentStream } from '../../contracts/enrollment/events.js';
import { toCents } from '../../contracts/enrollment/money.js';
import type { AppDeps } from '../core/deps.js';
import { conflict } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import type { RefundChoice } from '../enrollment/decider/commands.js';
import { cancelEnrollment, cancelParticipantPlace } from '../enrollment/after-sale/cancel.js';
import { enrollmentDecider, type EnrollmentState } from '../enrollment/decider/enrollment-decider.js';
import { hasSale } from '../enrollment/decider/enrollment-state.js';
import { leftParticipantsOf } from '../enrollment/decider/participants.js';
import { REFUNDS_REACTOR } from '../enrollment/after-sale/refunds-reactor.js';
import { AFTER_SALE_SEATS_REACTOR } from '../enrollment/after-sale/after-sale-seats-reactor.js';
import { requestParticipantTransferOf, requestTransfer } from '../enrollment/after-sale/transfer.js';

const IdParam = z.object({ id: EnrollmentIdSchema });
const RetryBody = z.object({}).strict();

/** How long an answer waits for the refund's outcome before it says "pending" (the reactor goes on). */
const OUTCOME_WAIT_MS = 8_000;

const STATUS_NAMES: Record<EnrollmentState['status'], string> = {
  none: 'none',
  pending: 'pending',
  paid: 'pending',
  confirmed: 'completed',
  expired: 'expired',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export const refundViews = (state: EnrollmentState): RefundView[] =>
  Object.values(hasSale(state) ? state.refunds : {}).map((r) => ({
    refundKey: r.refundKey,
    amount: r.amountCents / 100,
    reason: r.reason,
    status: r.status === 'requested' ? 'pending' : r.status,
    attempt: r.attempt,
    failure: r.failure?.message ?? null,
    to: r.to,
  }));

/**
 * Where the enrollment stands once the seat and refund reactors have handled what was just written
 * (waited for by position, bounded), with the newest position for the next read.
 */
async function afterSaleResult(deps: AppDeps, enrollmentId: string, position: bigint | null): Promise<AfterSaleResult> {
  if (position !== null)
    await deps.projections.waitFor(position, [AFTER_SALE_SEATS_REACTOR, REFUNDS_REACTOR], OUTCOME_WAIT_MS);
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  return {
    enrollmentId,
    status: STATUS_NAMES[state.status],
    workshopId: state.submission && state.workshopId,
    refunds: refundViews(state),
    position: (await deps.eventStore.headPosition()).toString(),
  };
}

/**
 * After the sale, for the administrator:
 * - POST /admin/enrollments/:id/cancel `{ refund, reason?, notify?, participant?, refundTo? }`: 200
 *   with the outcome; 409 when already cancelled (nothing refunded); 400 naming `refund` beyond what
 *   is left. With `participant`, that participant's place only (its share refunded at most, from
 *   where the money came; `refundTo: 'credit'` keeps the card's part as the family's credit).
 * - POST /admin/enrollments/:id/refund/retry `{}`: every refund the provider refused is asked for again.
 * - POST /admin/enrollments/:id/transfer `{ workshopId, participant? }`: 200 once moved; 409 when the
 *   target is full, has begun or costs more. With `participant`, that one alone moves, as a booking
 *   of their own in the target (`newEnrollmentId` in the answer).
 */
export function adminAfterSaleRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post(
    '/enrollments/:id/cancel',
    validate('param', IdParam),
    validate('json', CancelEnrollmentRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const refund: RefundChoice =
        body.refund === 'full'
          ? { kind: 'full' }
          : body.refund === 'none'
            ? { kind: 'none' }
            : { kind: 'amount', cents: toCents(body.refund) };
      const input = { by: 'admin' as const, refund, note: body.reason || null, notify: body.notify };
      const withRefundTo = { ...input, refundTo: body.refundTo };
      const metadata = requestMetadata(c, deps, 'admin');
      const { position } =
        body.participant === undefined
          ? await cancelEnrollment(deps, id, withRefundTo, metadata)
          : await cancelParticipantPlace(deps, id, body.participant, withRefundTo, metadata);
      return c.json(await afterSaleResult(deps, id, position));
    },
  );

  app.post('/enrollments/:id/refund/retry', validate('param', IdParam), validate('json', RetryBody), async (c) => {
    const { id } = c.req.valid('param');
    const { position } = await deps.commands.handle(
      enrollmentDecider,
      enrollmentStream(id),
      { type: 'RetryRefunds', at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    deps.log.info('refund retried', { enrollmentId: id });
    return c.json(await afterSaleResult(deps, id, position));
  });

  app.post(
    '/enrollments/:id/transfer',
    validate('param', IdParam),
    validate('json', TransferEnrollmentRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { workshopId, participant } = c.req.valid('json');
      const metadata = requestMetadata(c, deps, 'admin');
      const moved =
        participant === undefined
          ? await requestTransfer(deps, id, workshopId, metadata)
          : await requestParticipantTransferOf(deps, id, participant, workshopId, metadata);
      if (moved.outcome === 'abandoned') throw conflict(moved.reason);
      deps.log.info('enrollment transferred', { enrollmentId: id, workshopId, participant, outcome: moved.outcome });
      const to =
        participant === undefined
          ? undefined
          : leftParticipantsOf(moved.state).find((p) => p.participant === participant)?.to;
      const result = await afterSaleResult(deps, id, moved.position);
      return c.json(
        to ? { ...result, newEnrollmentId: to.enrollmentId } : result,
        moved.outcome === 'pending' ? 202 : 200,
      );
    },
  );

  return app;
}
