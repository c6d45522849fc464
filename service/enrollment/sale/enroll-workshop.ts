import type { EventMetadata } from '../../../contracts/core/events.js';
import { CURRENT_WAIVERS } from '../../../contracts/policies/waivers.js';
import { EnrollWorkshopExtrasSchema, type EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { enrollmentStream, orderIdFor, orderReferenceFor } from '../../../contracts/enrollment/events.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { pricingViewOf } from '../../../contracts/enrollment/pricing.js';
import { workshopStream, type CheckoutHolds } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { clientHoldsStream } from '../../../contracts/enrollment/client-holds.js';
import { decision } from '../../../platform/command/handler.js';
import type { AppDeps } from '../../core/deps.js';
import { conflict, notFound, validationError } from '../../core/errors.js';
import { describeIssues } from '../../core/validate.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { workshopDecider, type WorkshopCommand } from '../../catalogue/workshop-decider.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { clientHoldsDecider } from '../checkout/client-holds-decider.js';
import { holdTokensFor } from './hold-token.js';
import { readPricingInputs, takePricingParts } from './pricing-parts.js';
import { planSubmission, type FamilyParts } from './plan-submission.js';
import { samePlan } from './purchased-item.js';
import { holdsOfPricing } from '../checkout/ledger-commands.js';
import { refuseCheckout } from '../checkout/refuse-checkout.js';
import { checkFirst, endReplaced, recorded, WORKSHOP_NOT_FOUND } from './enroll-steps.js';

export type { FamilyParts } from './plan-submission.js';

export { WORKSHOP_NOT_FOUND } from './enroll-steps.js';

export const OFFER_ENDED =
  'This waitlist offer is no longer open: it was used, it expired, or you left the waitlist. The schedule shows the seats open now.';

type Reserve = Extract<WorkshopCommand, { type: 'ReserveSeats' }>;

/**
 * Finds the waitlist offer a token opens on a workshop (the waitlist slice provides it, see
 * service/app.ts): the id of the hold that keeps its seats, or null when no offer stands for it.
 */
export type OfferLookup = (workshopId: string, token: string) => Promise<{ offerId: string } | null>;

/**
 * Enrolls in a workshop, deciding only what the answer depends on: the form checked with the
 * workshop's schema and priced from the catalogue (a differing totalPrice refused), the seats
 * counted against the client's unpaid-hold allowance and held on the workshop's stream (free seats
 * against the family's allowance there; the hold the form's `holdToken` names replaced, its expiry
 * kept), the price's parts taken on their ledgers (code, gift card, credit), then the enrollment
 * recorded, and confirmed in the same append when nothing is due by card. Everything after (the
 * seats confirmed, the allowance given back, a lapse, a payment) is the checkout workflow's
 * (service/enrollment/checkout/). A refusal after the first write is recorded once, as
 * CheckoutRefused, and the workflow gives back what was held: this request undoes nothing itself.
 */
export async function enrollInWorkshop(
  deps: AppDeps,
  workshopId: string,
  body: unknown,
  metadata: EventMetadata,
  /** The client address (service/core/client-address.ts) whose allowance the seats count against. */
  client: string,
  findOffer?: OfferLookup,
  /** For an enrollment with saved children (`childIds`): what the account adds to the form. */
  family?: FamilyParts,
  /**
   * The signed-in household enrolling, with or without its saved children: its credit pays first
   * unless the form says not to, and a sibling already holding a seat earns the sibling discount.
   */
  signedInHousehold?: string,
): Promise<EnrollmentResponse> {
  const extras = EnrollWorkshopExtrasSchema.safeParse(body);
  if (!extras.success) {
    const { message, issues } = describeIssues(extras.error);
    throw validationError(message, issues);
  }
  if (extras.data.workshopId !== undefined && String(extras.data.workshopId) !== workshopId) {
    throw validationError(
      `workshopId ${String(extras.data.workshopId)} does not match the workshop in the address (${workshopId}).`,
    );
  }
  const { commands } = deps;
  const holdTokens = holdTokensFor(deps.config);
  // The sender's own unpaid hold, proved by the token its answer gave; a token that does not check
  // out is no proof, and the form is a new enrollment like any other.
  const replaces = extras.data.holdToken ? (holdTokens.enrollmentOf(extras.data.holdToken) ?? undefined) : undefined;
  let offerId: string | undefined;
  if (extras.data.offerToken !== undefined) {
    const offer = findOffer ? await findOffer(workshopId, extras.data.offerToken) : null;
    // An offer already taken by this browser's own enrollment (its hold token came too, the enroll
    // page sent again from the offer's link): the new form replaces that enrollment, whose seats
    // are the offer's.
    if (!offer && !replaces) throw conflict(OFFER_ENDED);
    offerId = offer?.offerId;
  }
  const now = deps.clock();
  const at = now.toISOString();
  const enrollmentId = deps.newId();
  const holdExpiresAt = new Date(now.getTime() + deps.config.HOLD_MINUTES * 60_000).toISOString();
  const seatsStream = workshopStream(workshopId);
  const pseudonyms = pseudonymsFor(deps.config);
  const max = deps.config.MAX_HELD_SEATS_PER_CLIENT;
  const clientKey = max === null ? undefined : pseudonyms.client(client);
  let position = -1n;
  const advance = (p: bigint | null | undefined) => {
    if (p != null && p > position) position = p;
  };

  // The sibling discount, the code, the gift card and the credit as their ledgers stand (at most
  // 1 s old): each part is decided again on its own stream once the seats are held.
  const inputs = await readPricingInputs(
    deps,
    {
      discountCode: extras.data.discountCode,
      giftCardCode: extras.data.giftCardCode,
      householdId: family?.householdId ?? signedInHousehold,
      workshopId,
      replaces,
      useCredit: extras.data.useCredit,
      installments: extras.data.installments,
    },
    1_000,
  );
  const plan = (workshop: WorkshopData) =>
    planSubmission(workshop, body, extras.data.totalPrice, {
      enrollmentId,
      holdExpiresAt,
      now,
      family,
      waivers: deps.waivers ?? CURRENT_WAIVERS,
      inputs,
      replaces,
    });
  // What the checkout may hold beside the seats, kept with them: a request that dies before it
  // records the enrollment is given back whole when its hold lapses.
  const holdsOf = (submission: EnrollmentSubmitted): CheckoutHolds => ({
    ...(clientKey ? { clientKey } : {}),
    ...holdsOfPricing(submission.pricing),
  });
  const reserve = (submission: EnrollmentSubmitted): Reserve => ({
    type: 'ReserveSeats',
    workshopId,
    enrollmentId,
    seats: submission.participants,
    expiresAt: holdExpiresAt,
    at,
    checkout: holdsOf(submission),
    // A free enrollment is confirmed at once: nothing to replace, but its seats count against the
    // family's free seats in this workshop (by client address and by e-mail).
    ...(submission.isFree
      ? {
          free: {
            keys: [pseudonyms.client(client), pseudonyms.mailbox(submission.form.email)],
            max: deps.config.MAX_FREE_SEATS_PER_CLIENT,
          },
        }
      : replaces
        ? { replaces }
        : {}),
    ...(offerId ? { offerId } : {}),
  });
  const first = await checkFirst(deps, seatsStream, plan, reserve);
  const { seats } = first.command;
  // Refused after a first write: recorded once, and the checkout workflow gives back what is held.
  const refused = (reason: 'seats' | 'pricing' | 'not-recorded', err: unknown, planned = first.submission) =>
    refuseCheckout(deps, { enrollmentId, workshopId, holds: holdsOf(planned), reason }, metadata).then(() =>
      Promise.reject(err),
    );

  if (clientKey && max !== null) {
    const allowance = await commands.handle(
      clientHoldsDecider,
      clientHoldsStream(clientKey),
      {
        type: 'HoldClientSeats',
        enrollmentId,
        workshopId,
        seats,
        // A replacement keeps the hold's expiry, and so does its entry here.
        expiresAt: first.expiresAt,
        ...(first.command.replaces ? { replaces: first.command.replaces } : {}),
        max,
        at,
      },
      metadata,
    );
    advance(allowance.position);
  }

  const hold = await commands
    .handle(
      workshopDecider,
      seatsStream,
      (state) => {
        if (state.status !== 'scheduled' || !state.workshop) throw notFound(WORKSHOP_NOT_FOUND);
        // The workshop as the revision being checked has it: the form is parsed and priced again
        // only when it changed since the first check (its category picks the form's rules).
        const submission = samePlan(state.workshop, first.workshop) ? first.submission : plan(state.workshop);
        if (submission.participants !== seats)
          throw validationError('The form changed while it was being checked. Please send it again.');
        return decision(reserve(submission), submission);
      },
      metadata,
    )
    .catch((err: unknown) => (clientKey ? refused('seats', err) : Promise.reject(err)));
  advance(hold.position);

  const replaced = hold.events.flatMap((e) =>
    e.type === 'SeatsReleased' && e.data.enrollmentId !== offerId ? [e.data.enrollmentId] : [],
  )[0];
  // The replaced order's code use, gift card and credit parts are handed over only once it is
  // really withdrawn: paid meanwhile, it keeps them, and this order takes its own.
  const withdrawn = replaced ? await endReplaced(deps, replaced, enrollmentId, metadata) : null;
  advance(withdrawn?.position);

  // The hold's end as decided: a replacement keeps the end of the hold it replaced.
  const reserved = hold.events.find((e) => e.type === 'SeatsReserved' && e.data.enrollmentId === enrollmentId);
  const expiresAt = reserved?.type === 'SeatsReserved' ? reserved.data.expiresAt : holdExpiresAt;
  const submission: EnrollmentSubmitted = {
    ...hold.result,
    ...(hold.result.isFree ? {} : { holdExpiresAt: expiresAt }),
    ...(clientKey ? { clientKey } : {}),
  };
  advance(
    await takePricingParts(deps, submission, withdrawn ? replaced : undefined, metadata).catch((err: unknown) =>
      refused('pricing', err, submission),
    ),
  );

  const pricing = submission.pricing!;
  // Nothing for the card now (free, or all of it paid by the gift card and the credit): confirmed
  // at once, without the card provider. Both commands are handed over together, so the stream's
  // lane decides them in turn and writes them in one append.
  const confirmedNow = submission.isFree || pricing.dueNowCents === 0;
  const stream = enrollmentStream(enrollmentId);
  const submitting = commands.handle(enrollmentDecider, stream, { type: 'SubmitEnrollment', submission }, metadata);
  const confirming = confirmedNow
    ? commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'ConfirmEnrollment',
          orderId: orderIdFor(submission.isFree ? 'free' : 'paid', enrollmentId),
          orderReference: orderReferenceFor(now),
          paymentMethod: submission.isFree
            ? 'Free Enrollment'
            : pricing.paidByGiftCardCents > 0
              ? 'Gift Card'
              : 'Family Credit',
          at,
        },
        metadata,
      )
    : null;
  // Refused with the submission (its own refusal is the one reported), it must not go unhandled.
  confirming?.catch(() => undefined);
  const written = await recorded(deps, stream, 'EnrollmentSubmitted', () => submitting);
  // Without its enrollment the hold is an orphan: given back now rather than at its expiry, but
  // only when the enrollment is really absent (an append can commit and lose its answer).
  if (written.error) await refused('not-recorded', written.error, submission);
  advance(written.position);
  if (confirming) {
    const confirmed = await recorded(deps, stream, 'EnrollmentConfirmed', () => confirming);
    // Recorded but not confirmed: pending, it lapses with its hold like any unpaid enrollment.
    if (confirmed.error) throw confirmed.error;
    advance(confirmed.position);
  }

  deps.log.info('enrollment submitted', {
    enrollmentId,
    workshopId,
    participants: seats,
    free: submission.isFree,
    ...(replaced ? { replaced } : {}),
  });
  return {
    success: true,
    isFree: submission.isFree,
    enrollmentId,
    ...(confirmedNow
      ? { orderId: orderIdFor(submission.isFree ? 'free' : 'paid', enrollmentId) }
      : { holdExpiresAt: expiresAt, holdToken: holdTokens.token(enrollmentId) }),
    receiptToken: holdTokens.token(enrollmentId),
    amountCents: submission.amountCents,
    pricing: pricingViewOf(pricing),
    position: position.toString(),
  };
}
