import { lateJoinFrom } from '../../../contracts/catalogue/sessions.js';
import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentFormSchemaFor, type EnrollmentForm } from '../../../contracts/enrollment/form.js';
import { agesOutside, ageRangeSentence } from '../../../contracts/catalogue/age-range.js';
import {
  CURRENT_WAIVERS,
  WAIVER_DOCUMENTS,
  type EnrolledWaiver,
  type WaiverTable,
} from '../../../contracts/policies/waivers.js';
import { EnrollWorkshopExtrasSchema, type EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import {
  enrollmentStream,
  orderIdFor,
  orderReferenceFor,
  type EnrollmentSubmitted,
  type PurchasedItem,
} from '../../../contracts/enrollment/events.js';
import { formatUsd, sessionShareWords, tiersInCents, toCents } from '../../../contracts/enrollment/money.js';
import { pricingViewOf } from '../../../contracts/enrollment/pricing.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { clientHoldsStream } from '../../../contracts/enrollment/client-holds.js';
import { decision } from '../../../platform/command/handler.js';
import type { AppDeps } from '../../core/deps.js';
import { conflict, notFound, validationError } from '../../core/errors.js';
import { describeIssues } from '../../core/validate.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { workshopDecider, type WorkshopCommand, type WorkshopState } from '../../catalogue/workshop-decider.js';
import { submissionOf } from './submission.js';
import { freeClientSeats } from './held-seats.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { clientHoldsDecider } from './client-holds-decider.js';
import { holdTokensFor } from './hold-token.js';
import {
  priceOrder,
  readPricingInputs,
  releasePricingParts,
  takePricingParts,
  type PricingInputs,
} from './pricing-parts.js';

export const WORKSHOP_NOT_FOUND =
  'Workshop Not Found: it may have been removed. Please pick another from the schedule.';

/**
 * The workshop as bought: `at` (the submission's time) names where a late joiner joins, the first
 * session not begun then, from which the price is pro rata.
 */
export const itemOfWorkshop = (w: WorkshopData, at?: Date): PurchasedItem => ({
  kind: 'workshop',
  id: w.id,
  title: w.title,
  date: w.date,
  time: w.time,
  location: w.location,
  instructor: w.instructor,
  duration: w.duration,
  category: w.category,
  attire: w.attire ?? '',
  unitPriceCents: toCents(w.price),
  ...(w.priceTiers?.length ? { priceTiers: tiersInCents(w.priceTiers) } : {}),
  ...(w.depositCents ? { depositCents: w.depositCents, balanceDueDaysBefore: w.balanceDueDaysBefore } : {}),
  sessions: w.sessions,
  ...lateJoinOf(w, at),
});

function lateJoinOf(w: WorkshopData, at: Date | undefined): { fromSession?: number } {
  const from = at && lateJoinFrom(w, at);
  return from ? { fromSession: from } : {};
}

/** Same item and same sales window: the first check's plan still holds. */
const samePlan = (a: WorkshopData, b: WorkshopData) =>
  JSON.stringify(itemOfWorkshop(a)) === JSON.stringify(itemOfWorkshop(b)) &&
  a.enrollmentClosesAt === b.enrollmentClosesAt;

type Reserve = Extract<WorkshopCommand, { type: 'ReserveSeats' }>;

/**
 * Finds the waitlist offer a token opens on a workshop (the waitlist slice provides it, see
 * service/app.ts): the id of the hold that keeps its seats, or null when no offer stands for it.
 */
export type OfferLookup = (workshopId: string, token: string) => Promise<{ offerId: string } | null>;

/**
 * What an enrollment with a family's saved children carries beyond the form (the account slice
 * works it out, see service/app.ts): the household, what each participant's saved record held
 * (by participant index), and the signatures the booking rests on.
 */
export interface FamilyParts {
  householdId: string;
  children: { childId: string; dateOfBirth: string; medicalNotes: string }[];
  waivers: EnrolledWaiver[];
}

export const OFFER_ENDED =
  'This waitlist offer is no longer open: it was used, it expired, or you left the waitlist. The schedule shows the seats open now.';

/**
 * Enrolls in a workshop: checks the form with the workshop's schema, prices it from the catalogue,
 * refuses a differing totalPrice, counts the seats against the client's unpaid-hold allowance,
 * holds them on the workshop stream (revision-checked; free seats counted against the family's
 * allowance in that workshop; the unpaid hold the form's `holdToken` names is replaced and its
 * expiry kept), then records the enrollment. A free one is confirmed at once. The form is parsed
 * and priced once, unless the workshop changed between the first check and the seat decision.
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
  const reserve = (submission: EnrollmentSubmitted): Reserve => ({
    type: 'ReserveSeats',
    workshopId,
    enrollmentId,
    seats: submission.participants,
    expiresAt: holdExpiresAt,
    at,
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

  const max = deps.config.MAX_HELD_SEATS_PER_CLIENT;
  const clientKey = max === null ? undefined : pseudonyms.client(client);
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

  let hold;
  try {
    hold = await commands.handle(
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
    );
  } catch (err) {
    await freeClientSeats(deps, clientKey, enrollmentId, 'refused', metadata);
    throw err;
  }
  advance(hold.position);

  const replaced = hold.events.flatMap((e) =>
    e.type === 'SeatsReleased' && e.data.enrollmentId !== offerId ? [e.data.enrollmentId] : [],
  )[0];
  if (replaced) advance(await endReplaced(deps, replaced, enrollmentId, clientKey, metadata));

  // The hold's end as decided: a replacement keeps the end of the hold it replaced.
  const reserved = hold.events.find((e) => e.type === 'SeatsReserved' && e.data.enrollmentId === enrollmentId);
  const expiresAt = reserved?.type === 'SeatsReserved' ? reserved.data.expiresAt : holdExpiresAt;
  const submission: EnrollmentSubmitted = {
    ...hold.result,
    ...(hold.result.isFree ? {} : { holdExpiresAt: expiresAt }),
    ...(clientKey ? { clientKey } : {}),
  };
  const stream = enrollmentStream(enrollmentId);
  // The code's use, the gift card's and the credit's parts, with the seats: refused (used up, a
  // balance spent meanwhile), the seats go back at once.
  try {
    advance(await takePricingParts(deps, submission, replaced, metadata));
  } catch (err) {
    await commands
      .handle(
        workshopDecider,
        seatsStream,
        { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'cancelled' },
        metadata,
      )
      .then(() => freeClientSeats(deps, clientKey, enrollmentId, 'refused', metadata))
      .catch((e: unknown) => deps.log.warn('refused hold left to expiry', { enrollmentId, err: e }));
    throw err;
  }
  const pricing = submission.pricing!;
  // Nothing for the card now (free, or all of it paid by the gift card and the credit): confirmed
  // at once, without the card provider. Both commands are handed over together, so the stream's
  // lane decides them in turn and writes them in one append.
  const confirmedNow = submission.isFree || pricing.dueNowCents === 0;
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
  try {
    advance(await recorded(deps, stream, 'EnrollmentSubmitted', () => submitting));
  } catch (err) {
    // Without its enrollment the hold is an orphan: give the seats back now rather than at expiry,
    // but only when the enrollment is really absent (an append can commit and lose its answer).
    const written = await deps.eventStore.readStream(stream).then(
      (events) => events.length > 0,
      () => true,
    );
    if (!written) {
      await commands
        .handle(
          workshopDecider,
          seatsStream,
          { type: 'ReleaseSeats', workshopId, enrollmentId, reason: 'cancelled' },
          metadata,
        )
        .then(() => freeClientSeats(deps, clientKey, enrollmentId, 'released', metadata))
        .then(() => releasePricingParts(deps, submission.pricing!, enrollmentId, 'refused', metadata))
        .catch((e: unknown) => deps.log.warn('orphan hold left to expiry', { enrollmentId, err: e }));
    }
    throw err;
  }

  if (confirming) {
    advance(await recorded(deps, stream, 'EnrollmentConfirmed', () => confirming));
    try {
      const confirmed = await commands.handle(
        workshopDecider,
        seatsStream,
        { type: 'ConfirmSeats', workshopId, enrollmentId, seats, at },
        metadata,
      );
      advance(confirmed.position);
    } catch (err) {
      // The enrollment is confirmed and its seats are held; the hold timer turns the hold into a
      // sale at expiry. Refusing now would make the visitor enroll twice for one booking.
      deps.log.warn('seat confirmation deferred to the hold timer', { enrollmentId, err });
    }
    advance(await freeClientSeats(deps, clientKey, enrollmentId, 'confirmed', metadata));
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

/**
 * The parent's earlier, unpaid enrollment whose hold the new one replaced: it ends visibly
 * (EnrollmentCancelled, replaced) and its seats leave its client's allowance. When that cannot be
 * done now (it was paid meanwhile, or its own request has not recorded it yet), a late payment
 * follows the usual path (seats taken again if free, else refunded) and the hold timer expires it
 * at its hold's time.
 */
async function endReplaced(
  deps: AppDeps,
  replaced: string,
  by: string,
  clientKey: string | undefined,
  metadata: EventMetadata,
): Promise<bigint | null> {
  try {
    const at = deps.clock().toISOString();
    const ended = await deps.commands.handle(
      enrollmentDecider,
      enrollmentStream(replaced),
      { type: 'CancelEnrollment', reason: 'replaced-by-new-submission', replacedBy: by, at },
      metadata,
    );
    const theirs = ended.state.submission?.clientKey;
    // The new entry took over the old one in the same client's allowance; another client's is freed here.
    if (theirs && theirs !== clientKey) await freeClientSeats(deps, theirs, replaced, 'replaced', metadata);
    return ended.position;
  } catch (err) {
    deps.log.info('replaced enrollment left to the hold timer', {
      enrollmentId: replaced,
      replacedBy: by,
      err: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

/**
 * The form, the price and the seats checked against the workshop as this process knows it, so that
 * a bad form or a full workshop costs no append (not even the client's allowance). A refusal must
 * not rest on a stale view (a price the administrator just changed through another process): it
 * is checked again on state at most 1 s old, as the seat decisions do. The seat decision checks
 * everything again against the revision it writes on.
 */
async function checkFirst(
  deps: AppDeps,
  seatsStream: string,
  plan: (w: WorkshopData) => EnrollmentSubmitted,
  reserve: (s: EnrollmentSubmitted) => Reserve,
) {
  const attempt = (state: WorkshopState) => {
    if (state.status !== 'scheduled' || !state.workshop) throw notFound(WORKSHOP_NOT_FOUND);
    const submission = plan(state.workshop);
    const command = reserve(submission);
    const reserved = workshopDecider.decide(command, state).find((e) => e.type === 'SeatsReserved');
    const expiresAt = reserved?.type === 'SeatsReserved' ? reserved.data.expiresAt : command.expiresAt;
    return { submission, command, workshop: state.workshop, expiresAt };
  };
  try {
    return attempt(await deps.commands.state(workshopDecider, seatsStream, Infinity));
  } catch {
    return attempt(await deps.commands.state(workshopDecider, seatsStream, 1_000));
  }
}

/**
 * A school that refuses ages outside a workshop's range (`ageRangePolicy: refuse`) gets a 400 naming
 * each such participant's age field, as the form sent it: `participantDetails.<i>.age`, or the
 * specification's `studentAge` for a form without details. Otherwise the page only warns.
 */
function refuseAgesOutside(workshop: WorkshopData, body: unknown, details: { age: number | null }[]): void {
  if (workshop.ageRangePolicy !== 'refuse' || !workshop.ageRange) return;
  const outside = agesOutside(workshop.ageRange, details);
  if (outside.length === 0) return;
  const detailed = typeof body === 'object' && body !== null && 'participantDetails' in body;
  const issues = outside.map(({ index, age }) => ({
    path: detailed || index > 0 ? `participantDetails.${index}.age` : 'studentAge',
    message: `${ageRangeSentence(index, age, workshop.ageRange!)} Please pick another class.`,
  }));
  throw validationError(
    `${workshop.title} is for ages ${workshop.ageRange.replace(/^ages?\s*/i, '')} only: ${issues.map((i) => i.message).join(' ')}`,
    issues,
  );
}

/** The form parsed with the workshop's rules, priced from the catalogue, the total the page sent checked. */
function planSubmission(
  workshop: WorkshopData,
  body: unknown,
  totalPrice: number,
  ids: {
    enrollmentId: string;
    holdExpiresAt: string;
    now: Date;
    family?: FamilyParts;
    waivers: WaiverTable;
    inputs: PricingInputs;
    replaces?: string;
  },
): EnrollmentSubmitted {
  const parsed = enrollmentFormSchemaFor(workshop.category).safeParse(body);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error);
    throw validationError(message, issues);
  }
  refuseAgesOutside(workshop, body, parsed.data.participantDetails);
  const { enrollmentId, holdExpiresAt, now, family } = ids;
  const form = family ? withSavedChildren(parsed.data, family) : parsed.data;
  const item = itemOfWorkshop(workshop, now);
  const { priced, pricing } = priceOrder(ids.inputs, item, form.participants, now, ids.replaces);
  const submission = {
    ...submissionOf({
      enrollmentId,
      workshopId: workshop.id,
      programId: null,
      form,
      item,
      holdExpiresAt,
      test: false,
      at: now,
      pricing,
    }),
    ...(family ? { householdId: family.householdId } : {}),
  };
  const waivers = family?.waivers ?? formWaivers(form, ids.waivers, now);
  if (waivers.length > 0) submission.waivers = waivers;
  const { amountCents } = submission;
  if (toCents(totalPrice) !== amountCents) {
    const people = `${form.participants} ${form.participants === 1 ? 'participant' : 'participants'}`;
    const share = priced.proRata ? ` for ${sessionShareWords(priced.proRata)}` : '';
    const seats = priced.tier
      ? `the group price for ${people}${share} is ${formatUsd(priced.subtotalCents)}`
      : `${formatUsd(item.unitPriceCents)} x ${people}${share} = ${formatUsd(priced.subtotalCents)}`;
    const discounts = priced.lines.filter((l) => l.kind === 'sibling' || l.kind === 'discount-code');
    const rule = discounts.length
      ? `${seats}, ${discounts.map((l) => `${l.label} ${formatUsd(-l.amountCents)}`).join(', ')}: ${formatUsd(amountCents)}`
      : seats;
    throw validationError(
      `The total sent (${formatUsd(toCents(totalPrice))}) does not match the price: ${rule}. Please reload the page and try again.`,
      [{ path: 'totalPrice', message: `The total is ${formatUsd(amountCents)}.` }],
    );
  }
  return submission;
}

/** Each participant as the account held them: which saved child, with its date of birth and medical notes. */
function withSavedChildren(form: EnrollmentForm, family: FamilyParts): EnrollmentForm {
  return {
    ...form,
    participantDetails: form.participantDetails.map((p, i) => {
      const saved = family.children[i];
      return saved ? { ...p, ...saved } : p;
    }),
  };
}

/**
 * The signatures of a form sent the specification's way (no account): in the stricter categories
 * the contact agreed to the code of conduct and chose each child's photography under the release,
 * so the booking records both, for every participant, in the contact's name.
 */
function formWaivers(form: EnrollmentForm, table: WaiverTable, now: Date): EnrolledWaiver[] {
  if (!form.agreeToCodeOfConduct) return [];
  const signedName = `${form.firstName} ${form.lastName}`.trim();
  return form.participantDetails.flatMap((_, participant) =>
    WAIVER_DOCUMENTS.map((document) => ({
      participant,
      document,
      version: table[document].version,
      signedName,
      signedAt: now.toISOString(),
    })),
  );
}

/**
 * Runs a write; when it fails, looks at the stream: if the event it was to append is there, the
 * append committed and only its answer was lost, so the write counts as done.
 */
async function recorded(
  deps: AppDeps,
  stream: string,
  type: string,
  write: () => Promise<{ position: bigint | null }>,
): Promise<bigint | null> {
  try {
    return (await write()).position;
  } catch (err) {
    const events = await deps.eventStore.readStream(stream).catch(() => []);
    const found = events.find((e) => e.type === type);
    if (found) return found.position;
    throw err;
  }
}
