import { Hono, type Context } from 'hono';
import {
  BalancePaymentRequestSchema,
  BookingTokenSchema,
  CancelBookingRequestSchema,
  InstallmentNumberSchema,
  InstallmentPaymentRequestSchema,
  correctionSchemaFor,
  type BalancePaymentResponse,
  type RemoveSavedCardResponse,
} from '../../contracts/booking/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, conflict, notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { describeIssues, validate } from '../core/validate.js';
import { AFTER_SALE_SEATS_REACTOR } from '../enrollment/after-sale/after-sale-seats-reactor.js';
import { bookingLinkDecider, bookingLinksFor } from '../enrollment/after-sale/booking-link.js';
import { bookingLinkStream } from '../../contracts/enrollment/booking-link.js';
import type { SignedToken } from '../core/signed-token.js';
import { cancelEnrollment, cancelParticipantPlace, policyTermsOf } from '../enrollment/after-sale/cancel.js';
import { placeShare } from '../enrollment/decider/participants.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { cancellationOf, orderOf } from '../enrollment/decider/enrollment-state.js';
import { REFUNDS_REACTOR } from '../enrollment/after-sale/refunds-reactor.js';
import { bookingView } from './view.js';
import { receiptRoutes } from './receipt-routes.js';
import { bookingCourseRoutes } from './course-routes.js';
import { calendarFile, workshopEvents } from '../enrollment/emails/ics.js';
import { makeupEvents } from '../enrollment/emails/makeup-ics.js';
import { bookedMakeupsOf } from '../enrollment/emails/booked-makeups.js';
import { workshopIcsAttachment } from '../enrollment/emails/confirmation-email.js';
import { calendarUid } from '../enrollment/emails/calendar-event.js';
import { attendanceMailState, attendanceSequence, missedSessionsOf } from '../courses/attendance-calendar.js';
import { createBalanceIntent } from '../enrollment/payment/balance-payment.js';
import { createInstallmentIntent, removeSavedCard } from '../enrollment/installments/parent-payment.js';

/** The read models the booking view is made of. */
const VIEW_PROJECTIONS = ['orders', 'enrollments'];
/** How long a cancel waits for the refund's outcome before it answers it as pending (the reactor goes on). */
const OUTCOME_WAIT_MS = 8_000;

const NOT_FOUND =
  'We could not find a booking for this link. Please open the link from your most recent e-mail from us, or contact us with your order number.';

/** A link signed by the school for a version the booking has moved past (a parent left the family, or a new link was asked for). */
export const LINK_REPLACED =
  'This link to your booking was replaced by a newer one, so it no longer opens the booking. Please use the link in our most recent e-mail, or ask for a new link: we send it to the address the booking was made with.';

/** The answer of "Send me a new link", whichever link asked. */
export const NEW_LINK_SENT =
  'We have e-mailed a new link to the address this booking was made with. Links sent before it no longer open the booking.';

/**
 * The parent's booking page, reached by the signed link in every e-mail (no account):
 * - GET /bookings/:token: the booking and what cancelling gives today;
 * - PATCH /bookings/:token `{ participantDetails }`: the participants' details corrected;
 * - POST /bookings/:token/cancel `{}` (or `{ refundTo: 'credit' }`): cancelled under the school's policy;
 *   `{ participant }`: that participant's place only, the others still coming (its share refunded
 *   under the same policy);
 * - POST /bookings/:token/balance-payment `{}`: the PaymentIntent of a deposit booking's balance;
 * - POST /bookings/:token/installments/:n/payment `{}`: that of an instalment the saved card failed to pay;
 * - DELETE /bookings/:token/saved-card: a plan's saved card removed, each instalment left then paid here.
 * A token that is malformed, forged, signed with a former secret or names no booking is 404, the
 * same answer for each, so a guess learns nothing. Answers are never stored by a cache (the API's
 * default `no-store`) and the security headers send no Referer from these addresses.
 */
export function bookingRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  /** The link's enrollment and version when the school signed it (any version); 404 otherwise. */
  const signedLink = (c: Context): SignedToken => {
    const token = c.req.param('token') ?? '';
    const links = bookingLinksFor(deps.config);
    const signed = links && BookingTokenSchema.safeParse(token).success ? links.verify(token) : null;
    if (!signed) throw notFound(NOT_FOUND);
    return signed;
  };
  const versionOf = async (enrollmentId: string) =>
    (await deps.commands.state(bookingLinkDecider, bookingLinkStream(enrollmentId))).version;

  // "Send me a new link": answered alike for the current link and a replaced one (see the decider),
  // so it is the one route a replaced link still reaches. Registered before the check below.
  app.post('/bookings/:token/new-link', limited, async (c) => {
    const { id, version } = signedLink(c);
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(id));
    if (!state.submission) throw notFound(NOT_FOUND);
    await deps.commands.handle(
      bookingLinkDecider,
      bookingLinkStream(id),
      { type: 'SendNewBookingLink', enrollmentId: id, tokenVersion: version, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    deps.log.info('booking link asked for', { enrollmentId: id });
    return c.json({ message: NEW_LINK_SENT }, 202);
  });

  // Every other route of a link: its signature, then its version against the booking's (410 once replaced).
  const checkLink = async (c: Context, next: () => Promise<void>) => {
    const signed = signedLink(c);
    if (signed.version !== (await versionOf(signed.id))) throw new AppError('gone', LINK_REPLACED);
    c.set('bookingEnrollmentId', signed.id);
    await next();
  };
  app.use('/bookings/:token', checkLink);
  app.use('/bookings/:token/*', checkLink);

  const enrollmentOf = (c: Context): string => {
    const id = c.get('bookingEnrollmentId') as string | undefined;
    if (!id) throw notFound(NOT_FOUND);
    return id;
  };

  const answer = async (c: Context, enrollmentId: string, position: bigint | null) => {
    const head = position ?? (await deps.eventStore.headPosition());
    if (position !== null) await deps.projections.waitFor(position, VIEW_PROJECTIONS, 2_000);
    const view = await bookingView(deps, enrollmentId, head);
    if (!view) throw notFound(NOT_FOUND);
    return c.json(view);
  };

  app.get('/bookings/:token', validate('query', MinPositionQuerySchema), async (c) => {
    const id = enrollmentOf(c);
    await awaitProjections(deps, c.req.valid('query').minPosition, VIEW_PROJECTIONS);
    return answer(c, id, null);
  });

  // The workshop as a calendar file, as the e-mails' (one UID, SEQUENCE = moves so far), from the
  // enrollment's own stream: a read model lagging a move would pair the new SEQUENCE with the old date.
  app.get('/bookings/:token/calendar.ics', async (c) => {
    const id = enrollmentOf(c);
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(id));
    const orderId = orderOf(state)?.orderId ?? null;
    const noDate = () => notFound('This booking has no date to put in a calendar.');
    if (!orderId || state.status !== 'confirmed') throw noDate();
    // As the absence and make-up e-mails left it: the sessions missed left out, the make-ups booked in, at the same SEQUENCE.
    const at = { sequence: attendanceSequence(state, await attendanceMailState(deps, id)), stamp: deps.clock() };
    const ics = calendarFile('PUBLISH', [
      ...workshopEvents({
        uid: calendarUid(orderId),
        item: state.item,
        orderId,
        ...at,
        missed: await missedSessionsOf(deps, state.workshopId ?? '', id),
      }),
      ...(await bookedMakeupsOf(deps, id)).flatMap((makeup) =>
        makeupEvents({ orderId, makeup, cancelled: false, ...at }),
      ),
    ]);
    if (!ics) throw noDate();
    const file = workshopIcsAttachment(orderId, ics);
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    return c.body(ics);
  });

  app.route('/', receiptRoutes(deps, enrollmentOf, NOT_FOUND));
  app.route('/', bookingCourseRoutes(deps, enrollmentOf));

  app.patch('/bookings/:token', limited, async (c) => {
    const id = enrollmentOf(c);
    const stream = enrollmentStream(id);
    const state = await deps.commands.state(enrollmentDecider, stream);
    if (!state.submission || !state.item) throw notFound(NOT_FOUND);
    const body: unknown = await c.req.json().catch(() => {
      throw validationError('The request body is not valid JSON. Send { "participantDetails": [...] }.');
    });
    const parsed = correctionSchemaFor(state.item, state.submission.participants).safeParse(body);
    if (!parsed.success) {
      const { message, issues } = describeIssues(parsed.error);
      throw validationError(message, issues);
    }
    const { position } = await deps.commands.handle(
      enrollmentDecider,
      stream,
      {
        type: 'CorrectParticipantDetails',
        participantDetails: parsed.data.participantDetails,
        at: deps.clock().toISOString(),
      },
      requestMetadata(c, deps, 'visitor'),
    );
    if (position !== null) deps.log.info('participant details corrected', { enrollmentId: id });
    return answer(c, id, position);
  });

  app.post('/bookings/:token/cancel', limited, validate('json', CancelBookingRequestSchema), async (c) => {
    const id = enrollmentOf(c);
    const { participant } = c.req.valid('json');
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(id));
    if (!state.submission) throw notFound(NOT_FOUND);
    if (cancellationOf(state) || state.status === 'cancelled' || state.status === 'refunded')
      throw conflict('This booking is already cancelled; nothing more was refunded.');
    if (state.status !== 'confirmed') throw conflict('Only a confirmed booking can be cancelled here.');
    // One place: its share; the booking: all that can still go back.
    const terms = policyTermsOf(deps, state, participant === undefined ? undefined : placeShare(state).refundCents);
    if (terms.kind === 'closed') throw conflict(terms.reason);
    const input = {
      by: 'visitor' as const,
      refund: terms.kind === 'full-refund' ? { kind: 'full' as const } : { kind: 'none' as const },
      note: null,
      notify: true,
    };
    const metadata = requestMetadata(c, deps, 'visitor');
    // The decider refuses a second cancellation on the stream's revision: two at once make one refund.
    const withRefundTo = { ...input, refundTo: c.req.valid('json').refundTo };
    const { position } =
      participant === undefined
        ? await cancelEnrollment(deps, id, withRefundTo, metadata)
        : await cancelParticipantPlace(deps, id, participant, withRefundTo, metadata);
    if (position !== null)
      await deps.projections.waitFor(position, [AFTER_SALE_SEATS_REACTOR, REFUNDS_REACTOR], OUTCOME_WAIT_MS);
    return answer(c, id, await deps.eventStore.headPosition());
  });

  // The balance of a deposit booking: one PaymentIntent for what is owed (asked again, the same
  // one), paid with its client secret like the checkout's; an anonymous write under the rate limit.
  app.post('/bookings/:token/balance-payment', limited, validate('json', BalancePaymentRequestSchema), async (c) => {
    const id = enrollmentOf(c);
    const intent = await createBalanceIntent(deps, id, requestMetadata(c, deps, 'visitor'));
    return c.json(intent satisfies BalancePaymentResponse);
  });

  // The link of the decline e-mail (issue 43): the parent pays that instalment with another card.
  app.post(
    '/bookings/:token/installments/:n/payment',
    limited,
    validate('param', InstallmentNumberSchema),
    validate('json', InstallmentPaymentRequestSchema),
    async (c) => {
      const intent = await createInstallmentIntent(deps, enrollmentOf(c), c.req.valid('param').n);
      return c.json(intent satisfies BalancePaymentResponse);
    },
  );

  // The parent's "remove my card": nothing more is charged automatically; the answer says how to pay.
  app.delete('/bookings/:token/saved-card', limited, async (c) => {
    const id = enrollmentOf(c);
    const { message, position } = await removeSavedCard(
      deps,
      id,
      deps.clock().toISOString(),
      requestMetadata(c, deps, 'visitor'),
    );
    const at = position ?? (await deps.eventStore.headPosition());
    await deps.projections.waitFor(at, ['installment-plans'], 2_000);
    return c.json({ message, position: at.toString() } satisfies RemoveSavedCardResponse);
  });

  return app;
}
