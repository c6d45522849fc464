import { z } from 'zod';
import { EnrollmentFormDataSchema } from './form.js';
import { ParticipantDetailDataSchema } from './participants.js';
import { OrderPricingSchema, PriceLineSchema } from './pricing.js';
import { EnrolledWaiverSchema } from '../policies/waivers.js';
import { oneSessionOf, SessionSchema, type Session } from '../catalogue/sessions.js';
import { PaymentPlanSchema } from '../catalogue/payment-plan.js';
import { EnrollmentIdSchema } from './lookup.js';

/**
 * Events of the stream `enrollment-{enrollmentId}`.
 *
 * MONEY: every amount in these events (and in the `orders` read model) is an integer number of
 * US cents, in fields named `...Cents`. The catalogue holds whole-dollar prices; the API's
 * `totalPrice` and `amount` travel in dollars as the specification's client sends them.
 */

export const enrollmentStream = (enrollmentId: string) => `enrollment-${enrollmentId}`;
export const ENROLLMENT_STREAM_PREFIX = 'enrollment-';

/**
 * The enrollment an event on an enrollment stream (`enrollment-<id>`) belongs to. Enrollment events
 * are written to their enrollment's stream only; one anywhere else is refused rather than read as
 * belonging to no enrollment.
 */
export function enrollmentIdOf(event: { streamId: string }): string {
  if (!event.streamId.startsWith(ENROLLMENT_STREAM_PREFIX))
    throw new Error(`${event.streamId} is not an enrollment stream`);
  return event.streamId.slice(ENROLLMENT_STREAM_PREFIX.length);
}

const Cents = z.number().int().nonnegative();
const Instant = z.string().datetime({ offset: true });
export { EnrollmentIdSchema };

/** `Gift Card` and `Family Credit` (added later): the whole amount due was paid from a balance, no card taken. */
export const PAYMENT_METHODS = ['Credit Card', 'Free Enrollment', 'Gift Card', 'Family Credit'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** What was bought, frozen at submission: later catalogue edits do not change an order. */
export const PurchasedItemSchema = z.object({
  kind: z.enum(['workshop', 'program', 'test']),
  /** Workshop id, program id, or null for a test-page enrollment. */
  id: z.string().nullable(),
  title: z.string(),
  /** ISO instant with offset; null for programs (no fixed date). */
  date: z.string().nullable(),
  /** As people read it, e.g. "12:30 PM - 2:00 PM"; '' when not known. */
  time: z.string(),
  location: z.string(),
  instructor: z.string(),
  duration: z.string(),
  /** Workshop category (children, tea-party, ...) or program category. */
  category: z.string(),
  attire: z.string(),
  unitPriceCents: Cents,
  /** The workshop's group prices when it was bought (added later: absent means none). */
  priceTiers: z.array(z.object({ participants: z.number().int().positive(), totalCents: Cents })).optional(),
  /** The deposit per participant and when the balance is due, when bought (issue 27: absent means paid in full). */
  depositCents: Cents.optional(),
  balanceDueDaysBefore: z.number().int().nonnegative().optional(),
  /** The workshop's instalment plan when bought (issue 43; absent: none). */
  paymentPlan: PaymentPlanSchema.optional(),
  /** Every session of the workshop (added with courses: absent means one session from `date`). */
  sessions: z.array(SessionSchema).optional(),
  /** Joined late: the first session bought (2 or more); the price was pro rata for the sessions from it. */
  fromSession: z.number().int().min(2).optional(),
  /** The IANA zone its times are on, its location's when not the school's (issue 41; absent: the school's). */
  timeZone: z.string().max(64).optional(),
  /**
   * The stricter form (each child's details) was asked although the category alone would not ask it:
   * a teens' class, or an age range with children (added with that rule: absent, the category decides).
   */
  childDetails: z.boolean().optional(),
});
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

/** The sessions of what was bought: a one-date item (or one bought before courses) is one session. */
export const itemSessions = (item: Pick<PurchasedItem, 'date' | 'time' | 'sessions'>): Session[] =>
  item.sessions ?? (item.date ? [oneSessionOf({ date: item.date, time: item.time })] : []);

/** The sessions the booking attends: all of them, or from the one a late joiner joined at. */
export const sessionsAttended = (item: Pick<PurchasedItem, 'date' | 'time' | 'sessions' | 'fromSession'>) =>
  itemSessions(item)
    .map((session, i) => ({ number: i + 1, session }))
    .filter((s) => s.number >= (item.fromSession ?? 1));

export const EnrollmentSubmittedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** Exactly one of workshopId / programId is set, except for test-page enrollments (both null). */
  workshopId: z.string().nullable(),
  programId: z.string().nullable(),
  /** The whole parsed form (base fields always present, strict ones '' / false / null when not asked). */
  form: EnrollmentFormDataSchema,
  item: PurchasedItemSchema,
  participants: z.number().int().positive(),
  /** Names of everyone attending, contact person or student first. */
  attendees: z.array(z.string()),
  /** unitPriceCents x participants, or the item's tier for that many; tax 0; computed by the server. */
  subtotalCents: Cents,
  taxCents: Cents,
  amountCents: Cents,
  currency: z.literal('usd'),
  isFree: z.boolean(),
  /** When the seat hold lapses unless paid; null when nothing is held (free, program, test). */
  holdExpiresAt: Instant.nullable(),
  /** Test-page enrollments are confirmed with TEST- order ids. */
  test: z.boolean(),
  submittedAt: Instant,
  /**
   * The keyed hash of the client address whose unpaid-hold allowance this enrollment uses
   * (stream `client-holds-<clientKey>`), so the allowance is given back when it is paid or replaced.
   * Absent on enrollments made before the allowance existed, or with the limit off.
   */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
  /**
   * The price breakdown and what made it (sibling discount, code, gift card, credit, deposit),
   * added with issue 27: absent on older enrollments, read as their seats paid in full
   * (`pricingOf`). `amountCents` is its `totalCents`; the card is charged `dueNowCents` now.
   */
  pricing: OrderPricingSchema.optional(),
  /**
   * The family account that enrolled its saved children (`childIds`); absent for an enrollment
   * sent without an account. The participants' `childId` names each child.
   */
  householdId: z.string().optional(),
  /**
   * The signatures this booking rests on, per participant and document (the stricter categories):
   * the family's own, or the contact's agreement on the form. Absent before signatures existed.
   */
  waivers: z.array(EnrolledWaiverSchema).optional(),
  /**
   * A booking of its own for one participant moved out of another (a participant's transfer): the
   * booking it came from, and the money that came with the place (paid on that booking's
   * PaymentIntent, which any refund of this one goes back to). Absent on every other enrollment.
   */
  splitFrom: z
    .object({
      enrollmentId: EnrollmentIdSchema,
      participant: z.number().int().nonnegative(),
      paymentIntentId: z.string().min(1).nullable(),
      paidCents: Cents,
      paidAt: Instant,
    })
    .optional(),
});

export const PaymentIntentCreatedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  provider: z.enum(['stripe', 'offline']),
  amountCents: Cents,
  currency: z.literal('usd'),
});

/** A card by its brand as the provider names it ("visa") and its last four digits: nothing that could charge it. */
export const PaidCardSchema = z.object({ brand: z.string().min(1).max(40), last4: z.string().regex(/^\d{4}$/) });
export type PaidCard = z.infer<typeof PaidCardSchema>;

export const PaymentSucceededSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  amountCents: Cents,
  /** The provider event that told us (evt_...), or null when found by asking the provider. */
  providerEventId: z.string().nullable(),
  source: z.enum(['webhook', 'verification']),
  succeededAt: Instant,
  /**
   * The card saved with it for the rest of an instalment plan (issue 43): the provider's customer
   * and payment method. Absent: paid in full, nothing kept.
   */
  savedCard: z.object({ customerId: z.string().min(1), paymentMethodId: z.string().min(1) }).optional(),
  /**
   * The card that paid (issue 37), as receipts name it: "Visa ending 4242". Absent: not known (an
   * event recorded before it was asked, a provider that did not say).
   */
  card: PaidCardSchema.optional(),
});

export const PaymentFailedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  providerEventId: z.string().nullable(),
  /** Provider decline code, e.g. card_declined, insufficient_funds. */
  code: z.string(),
  /** The provider's message, shown to the visitor. */
  reason: z.string(),
  failedAt: Instant,
});

export const EnrollmentConfirmedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** ORD-{enrollmentId} (paid), FREE-{enrollmentId} (free), TEST-{enrollmentId} (test pages). */
  orderId: z.string().regex(/^(ORD|FREE|TEST)-[A-Za-z0-9_-]+$/),
  /** GL- + the last 6 digits of the confirmation time in epoch milliseconds. */
  orderReference: z.string().regex(/^GL-\d{6}$/),
  paymentMethod: PaymentMethodSchema,
  amountCents: Cents,
  /** Null for free enrollments. */
  paymentIntentId: z.string().nullable(),
  confirmedAt: Instant,
  /** What the gift card and the household's credit paid of the order, spent as it is sold (issue 27; absent: nothing). */
  paidByGiftCardCents: Cents.optional(),
  paidByCreditCents: Cents.optional(),
});

export const EnrollmentExpiredSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** The hold that lapsed. */
  holdExpiresAt: Instant,
  expiredAt: Instant,
});

export const EnrollmentCancelledSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** `replaced-by-new-submission`: the same parent submitted again for the workshop while this was unpaid. */
  reason: z.enum([
    'seats-unavailable',
    'payment-failed',
    'cancelled-by-admin',
    'cancelled-by-visitor',
    'replaced-by-new-submission',
  ]),
  cancelledAt: Instant,
  /** With `replaced-by-new-submission`: the newer enrollment. */
  replacedBy: EnrollmentIdSchema.optional(),
  /** The administrator's or parent's words, told to the parent in the cancellation e-mail. */
  note: z.string().optional(),
  /** Whether the parent is told by e-mail (after-sale cancellations; absent: told). */
  notify: z.boolean().optional(),
});

/** One refund, named so its provider call is made once: `<enrollmentId>-<n>`. */
export const RefundKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, 'is not a refund key');
export const REFUND_REASONS = [
  'seats-unavailable',
  'cancelled',
  'transfer-difference',
  'workshop-begun',
  'overpaid',
] as const;
/**
 * Where refunded money came from and where it goes (added with issue 27; absent: the card, both).
 * Card money goes back to the card, or to the household's credit when the parent or the office
 * chose so; gift card money goes back onto the gift card; credit back to the credit.
 */
export const MONEY_SOURCES = ['card', 'gift-card', 'credit'] as const;
export const MoneySourceSchema = z.enum(MONEY_SOURCES);
export type MoneySource = (typeof MONEY_SOURCES)[number];
const refundRoute = {
  source: MoneySourceSchema.optional(),
  to: MoneySourceSchema.optional(),
  /** The gift card (to: gift-card) or household (to: credit) the money goes back to. */
  giftCardId: z.string().optional(),
  householdId: z.string().optional(),
};

/**
 * A refund decided (a cancellation, a transfer to a cheaper date, a payment for a cancelled
 * enrollment): the refunds reactor calls the provider with an idempotency key made of the refund
 * key and the attempt, and records RefundIssued or RefundFailed. A retry after a failure is a new
 * RefundRequested with the same key and the next attempt.
 */
export const RefundRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  refundKey: RefundKeySchema,
  paymentIntentId: z.string().min(1),
  amountCents: z.number().int().positive(),
  reason: z.enum(REFUND_REASONS),
  attempt: z.number().int().positive(),
  requestedAt: Instant,
  ...refundRoute,
  /**
   * What the refund was decided with (added with issue 37; absent on older events): one place's
   * (`participant`, the index from 0, cancelled or moved) and a transfer's (`transferId`). A
   * cancellation's refund without `participant` is the whole booking's. The parent's e-mail and
   * pages say each decision's refunds, split by where the money went, from these.
   */
  participant: z.number().int().nonnegative().optional(),
  transferId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/)
    .optional(),
});

/**
 * Money given back, e.g. a payment that arrived after the hold lapsed and the seats were taken, or
 * (`workshop-begun`) one that arrived once the workshop had started.
 */
export const RefundIssuedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  refundId: z.string().min(1),
  amountCents: Cents,
  reason: z.enum(REFUND_REASONS),
  refundedAt: Instant,
  /** The RefundRequested it settles; absent on the late-payment refund, which is decided and made at once. */
  refundKey: RefundKeySchema.optional(),
  ...refundRoute,
});

/** The provider refused a requested refund for good (not a time-out): shown to the administrator, who may retry. */
export const RefundFailedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  refundKey: RefundKeySchema,
  paymentIntentId: z.string().min(1),
  amountCents: z.number().int().positive(),
  attempt: z.number().int().positive(),
  /** The provider's code, e.g. charge_already_refunded. */
  code: z.string(),
  /** The provider's words. */
  message: z.string(),
  failedAt: Instant,
});

/**
 * A move to another workshop, decided on the enrollment: the seats are then taken in the target,
 * the transfer completed (EnrollmentTransferred) or abandoned (TransferAbandoned), and the seats
 * given back in the workshop that lost them. The transfer reactor finishes an interrupted one.
 */
export const TransferRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  transferId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  fromWorkshopId: z.string().min(1),
  toWorkshopId: z.string().min(1),
  seats: z.number().int().positive(),
  /** What the enrollment held before, and the target as bought, frozen now like the original item. */
  fromItem: PurchasedItemSchema,
  item: PurchasedItemSchema,
  /** The target's price for these seats. */
  amountCents: Cents,
  /** What goes back because the target is cheaper (0 when not). */
  refundCents: Cents,
  requestedAt: Instant,
  /** The target's price lines, with the order's sibling discount and code (issue 27; absent before). */
  lines: z.array(PriceLineSchema).optional(),
});

export const EnrollmentTransferredSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  transferId: z.string().min(1),
  fromWorkshopId: z.string().min(1),
  toWorkshopId: z.string().min(1),
  fromItem: PurchasedItemSchema,
  item: PurchasedItemSchema,
  amountCents: Cents,
  refundCents: Cents,
  transferredAt: Instant,
  lines: z.array(PriceLineSchema).optional(),
});

export const TransferAbandonedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  transferId: z.string().min(1),
  toWorkshopId: z.string().min(1),
  /** Why the target refused, as the administrator reads it. */
  reason: z.string(),
  abandonedAt: Instant,
});

/**
 * One participant of a booking of several gave up their place (the parent on the booking page, or
 * the administrator), the others still coming. `participant` is the index in the booking's
 * participant list, from 0, which never renumbers: the others keep their indexes (attendance,
 * corrections). `participants` and `amountCents` are the booking after it: those still coming and
 * what the one pricing rule makes them pay (a couple's price becomes the single price);
 * `refundCents` is what goes back with it (the RefundRequested appended with it), at most what was
 * paid for this place, never what another place paid for.
 */
export const ParticipantCancelledSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  participant: z.number().int().nonnegative(),
  /** The participant's name when cancelled, so the history and the e-mail can say whose place. */
  name: z.string(),
  reason: z.enum(['cancelled-by-admin', 'cancelled-by-visitor']),
  /** The administrator's words, told to the parent in the e-mail. */
  note: z.string().optional(),
  notify: z.boolean(),
  participants: z.number().int().positive(),
  amountCents: Cents,
  refundCents: Cents,
  cancelledAt: Instant,
  /** The price lines of those still coming, as the pricing rule made `amountCents` (issue 37; absent before). */
  lines: z.array(PriceLineSchema).optional(),
});

/**
 * One participant of a booking of several moves to another workshop, the others staying: the
 * place becomes a booking of its own there (`newEnrollmentId`), opened once the seat is taken in
 * the target. Decided on the booking it leaves, with the money that goes with the place
 * (`carriedCents`: the target's price for one) and what goes back (`refundCents`: the place's share
 * less that). Then ParticipantTransferred, or TransferAbandoned when the target refused.
 */
export const ParticipantTransferRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  transferId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  participant: z.number().int().nonnegative(),
  name: z.string(),
  fromWorkshopId: z.string().min(1),
  toWorkshopId: z.string().min(1),
  newEnrollmentId: EnrollmentIdSchema,
  /** The target as bought, frozen now. */
  item: PurchasedItemSchema,
  /** Those still coming in this booking, and what the pricing rule makes them pay. */
  participants: z.number().int().positive(),
  amountCents: Cents,
  carriedCents: Cents,
  refundCents: Cents,
  requestedAt: Instant,
  /** The price lines of those still coming here (`amountCents`), as for a cancelled place (issue 37; absent before). */
  lines: z.array(PriceLineSchema).optional(),
  /**
   * The place's price in the target, with the booking's own discounts (its code, its sibling
   * discount): `carriedCents` is its total (issue 37; absent before).
   */
  placeLines: z.array(PriceLineSchema).optional(),
});

/** The participant's place moved to its own booking in the target; the seat here goes back. */
export const ParticipantTransferredSchema = ParticipantTransferRequestedSchema.omit({ requestedAt: true }).extend({
  transferredAt: Instant,
});

/** What a parent needs to find the class: where an item's date, time and place are, and what a move changes. */
export const WorkshopWhenWhereSchema = PurchasedItemSchema.pick({
  date: true,
  time: true,
  location: true,
  sessions: true,
});
export type WorkshopWhenWhere = z.infer<typeof WorkshopWhenWhereSchema>;
export const RESCHEDULED_FIELDS = ['date', 'time', 'location'] as const;
export type RescheduledField = (typeof RESCHEDULED_FIELDS)[number];

/** The date, time and place of an item (or a workshop). */
export const whenWhereOf = ({ date, time, location, sessions }: WorkshopWhenWhere): WorkshopWhenWhere => ({
  date,
  time,
  location,
  ...(sessions ? { sessions } : {}),
});

/** Which of date, time and place differ; two dates naming one instant are the same whatever offset they are written with. */
export const changedWhenWhere = (a: WorkshopWhenWhere, b: WorkshopWhenWhere): RescheduledField[] =>
  RESCHEDULED_FIELDS.filter((field) =>
    field === 'date' && a.date && b.date
      ? Date.parse(a.date) !== Date.parse(b.date) || !sameSessions(a, b)
      : a[field] !== b[field],
  );

const instants = (s: { date: string | null; time: string; sessions?: Session[] }) =>
  itemSessions(s)
    .map((x) => `${Date.parse(x.startsAt)}-${Date.parse(x.endsAt)}`)
    .join(',');
/** Sessions compared by their instants; a side that does not list them (before courses) is taken as agreeing. */
const sameSessions = (a: WorkshopWhenWhere, b: WorkshopWhenWhere) =>
  !a.sessions || !b.sessions || instants(a) === instants(b);

/**
 * The school moved the workshop this enrollment is in (its date, time or place), and the booking
 * moved with it: recorded on each enrollment in the workshop by the `booking-reschedules` reactor
 * after a WorkshopUpdated. `changeId` names the change for this enrollment (the id of the event
 * that carried it to the booking), so the reaction and its e-mail happen once. Everything else of
 * the item (title, price, group prices) stays as bought.
 */
export const BookingRescheduledSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string().min(1),
  changeId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  /** The item before the move, and after it (only date, time and location differ). */
  fromItem: PurchasedItemSchema,
  item: PurchasedItemSchema,
  /** Which of date, time and location changed (a course's sessions moving counts as its date). */
  changed: z.array(z.enum(RESCHEDULED_FIELDS)).min(1),
  rescheduledAt: Instant,
});

/** An after-sale e-mail left (cancellation, transfer, reschedule); the mailer sends only while this is absent. */
export const CustomerNotifiedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** `reschedule` added later: the school moved the workshop (BookingRescheduled). */
  kind: z.enum(['cancellation', 'transfer', 'reschedule']),
  /** What it was about: `cancellation`, the transfer id, or the reschedule's change id. */
  ref: z.string().min(1),
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** Recorded after the confirmation e-mail left; the mailer sends only while this is absent. */
export const ConfirmationEmailSentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  orderId: z.string(),
  /** The RFC 5322 Message-ID, derived from the order id so a re-send is recognisably the same mail. */
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/**
 * Recorded after the one reminder e-mail before the workshop left (REMINDER_HOURS before its start);
 * the reminder job sends only while this is absent, and the decider records it once.
 */
export const ReminderSentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  orderId: z.string(),
  /** The RFC 5322 Message-ID, derived from the order id so a re-send is recognisably the same mail. */
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  /** The start the reminder was about. */
  workshopStartsAt: Instant,
  sentAt: Instant,
  /** The session it was about, from 1 (added with courses: reminders written before are the first session's). */
  session: z.number().int().min(1).default(1),
});

/**
 * The parent corrected the participants' details from the booking page (`PATCH /api/bookings/:token`):
 * the whole list as it now stands, checked like the enrollment form, and the names it gives. What
 * reads the submission's details reads these from now on.
 */
export const ParticipantDetailsCorrectedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  participantDetails: z.array(ParticipantDetailDataSchema),
  /** Names of everyone attending, as the submission's `attendees`. */
  attendees: z.array(z.string()),
  /** Which details changed, as `<participant index>.<field>`, for the audit trail (it names no one). */
  changed: z.array(z.string()),
  correctedAt: Instant,
});

/**
 * An administrator marked one participant present or absent at the workshop the enrollment is in
 * (the roster). The name is the participant's when marked, so the audit trail can say who.
 */
export const AttendanceMarkedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string().min(1),
  /** The participant's index in the enrollment's details, from 0. */
  participant: z.number().int().nonnegative(),
  name: z.string(),
  present: z.boolean(),
  markedAt: Instant,
  /** The session marked, from 1 (added with courses: marks written before are of the one session). */
  session: z.number().int().min(1).default(1),
  /** Marked at a make-up: the workshop is another than the booking's own. */
  makeup: z.boolean().optional(),
  /**
   * The mark was taken back (a mis-tap): the participant is not marked again at this session;
   * `present` repeats the mark undone (added with the undo: absent, a mark).
   */
  undone: z.literal(true).optional(),
});

/**
 * At the end of a session, the instructor recorded who collected a participant, from the roster.
 * `onList`: the name is one of the adults the family allows (the parents, the pick-up list); a
 * name not on it was confirmed in a second step and is flagged in the history.
 */
export const ChildCollectedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string().min(1),
  participant: z.number().int().nonnegative(),
  /** The participant's name when collected, for the audit trail. */
  name: z.string(),
  collectedBy: z.string(),
  /** As the pick-up list gives it ("Grandmother"), '' for a name not on it. */
  relationship: z.string(),
  onList: z.boolean(),
  collectedAt: Instant,
  /** The session it ended, from 1. */
  session: z.number().int().min(1).default(1),
  /**
   * Who collected was taken back (recorded by mistake): nobody is recorded again for this session;
   * `collectedBy` names who it had said (added with the undo: absent, a record).
   */
  undone: z.literal(true).optional(),
});

/**
 * An administrator asked for the confirmation e-mail to be sent again (the parent lost it). Each
 * request has its own id: the e-mail it causes carries it in its Message-ID, so a request is one
 * e-mail however often the reactor is woken, and two requests are two e-mails.
 */
export const ConfirmationResendRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  orderId: z.string(),
  requestedAt: Instant,
});

/** The e-mail of one resend request left; the reactor sends only while this is absent for the request. */
export const ConfirmationEmailResentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  orderId: z.string(),
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/**
 * The parent asked to pay the balance of a deposit booking (`POST /api/bookings/:token/balance-payment`):
 * the PaymentIntent for it, one per enrollment (its idempotency key is the enrollment's).
 */
export const BalancePaymentIntentCreatedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  provider: z.enum(['stripe', 'offline']),
  amountCents: z.number().int().positive(),
});

/** The balance arrived (webhook or verification, recorded once): the booking is paid in full. */
export const BalancePaidSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  amountCents: Cents,
  providerEventId: z.string().nullable(),
  source: z.enum(['webhook', 'verification']),
  paidAt: Instant,
  /** The card that paid (issue 37, record 152): "Visa ending 4242" on its receipt. Absent: not known. */
  card: PaidCardSchema.optional(),
});

/**
 * Money for a balance that was no longer owed: a PaymentIntent of an older tab paid after the
 * balance was paid another way (issue 36). Recorded, and refunded at once (RefundRequested,
 * `overpaid`).
 */
export const BalanceOverpaidSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  amountCents: Cents,
  providerEventId: z.string().nullable(),
  source: z.enum(['webhook', 'verification']),
  paidAt: Instant,
});

/** A reminder of the balance left: `week-before` (7 days before it is due) and `due-date`, each once. */
export const BalanceReminderSentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  kind: z.enum(['week-before', 'due-date']),
  balanceCents: z.number().int().positive(),
  dueAt: Instant,
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/**
 * An instalment of a plan (issue 43), charged on the plan's stream (InstallmentPaid), recorded on
 * the booking once per PaymentIntent: what the booking owes falls by it and it can be refunded.
 */
export const InstallmentPaymentRecordedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(1),
  paymentIntentId: z.string().min(1),
  amountCents: Cents,
  paidAt: Instant,
  /** The card that paid (issue 37, record 152): "Visa ending 4242" on its receipt. Absent: not known. */
  card: PaidCardSchema.optional(),
  /** Paid by the parent by hand from the booking page (absent: the saved card on its date, as before). */
  paidBy: z.literal('parent').optional(),
});

/** An instalment the office waived (issue 43), recorded on the booking: it owes that amount no more. */
export const InstallmentWaiverRecordedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  amountCents: Cents,
  waivedAt: Instant,
});

export const enrollmentEventSchemas = {
  EnrollmentSubmitted: EnrollmentSubmittedSchema,
  PaymentIntentCreated: PaymentIntentCreatedSchema,
  PaymentSucceeded: PaymentSucceededSchema,
  PaymentFailed: PaymentFailedSchema,
  EnrollmentConfirmed: EnrollmentConfirmedSchema,
  EnrollmentExpired: EnrollmentExpiredSchema,
  EnrollmentCancelled: EnrollmentCancelledSchema,
  RefundIssued: RefundIssuedSchema,
  ConfirmationEmailSent: ConfirmationEmailSentSchema,
  RefundRequested: RefundRequestedSchema,
  RefundFailed: RefundFailedSchema,
  TransferRequested: TransferRequestedSchema,
  EnrollmentTransferred: EnrollmentTransferredSchema,
  TransferAbandoned: TransferAbandonedSchema,
  CustomerNotified: CustomerNotifiedSchema,
  ReminderSent: ReminderSentSchema,
  ParticipantDetailsCorrected: ParticipantDetailsCorrectedSchema,
  AttendanceMarked: AttendanceMarkedSchema,
  ChildCollected: ChildCollectedSchema,
  ConfirmationResendRequested: ConfirmationResendRequestedSchema,
  ConfirmationEmailResent: ConfirmationEmailResentSchema,
  BookingRescheduled: BookingRescheduledSchema,
  BalancePaymentIntentCreated: BalancePaymentIntentCreatedSchema,
  BalancePaid: BalancePaidSchema,
  BalanceOverpaid: BalanceOverpaidSchema,
  BalanceReminderSent: BalanceReminderSentSchema,
  InstallmentPaymentRecorded: InstallmentPaymentRecordedSchema,
  InstallmentWaiverRecorded: InstallmentWaiverRecordedSchema,
  ParticipantCancelled: ParticipantCancelledSchema,
  ParticipantTransferRequested: ParticipantTransferRequestedSchema,
  ParticipantTransferred: ParticipantTransferredSchema,
} as const;

export type EnrollmentSubmitted = z.infer<typeof EnrollmentSubmittedSchema>;
export type PaymentIntentCreated = z.infer<typeof PaymentIntentCreatedSchema>;
export type PaymentSucceeded = z.infer<typeof PaymentSucceededSchema>;
export type PaymentFailed = z.infer<typeof PaymentFailedSchema>;
export type EnrollmentConfirmed = z.infer<typeof EnrollmentConfirmedSchema>;
export type EnrollmentExpired = z.infer<typeof EnrollmentExpiredSchema>;
export type EnrollmentCancelled = z.infer<typeof EnrollmentCancelledSchema>;
export type RefundIssued = z.infer<typeof RefundIssuedSchema>;
export type ConfirmationEmailSent = z.infer<typeof ConfirmationEmailSentSchema>;
export type RefundRequested = z.infer<typeof RefundRequestedSchema>;
export type RefundFailed = z.infer<typeof RefundFailedSchema>;
export type RefundReason = (typeof REFUND_REASONS)[number];
export type TransferRequested = z.infer<typeof TransferRequestedSchema>;
export type EnrollmentTransferred = z.infer<typeof EnrollmentTransferredSchema>;
export type TransferAbandoned = z.infer<typeof TransferAbandonedSchema>;
export type CustomerNotified = z.infer<typeof CustomerNotifiedSchema>;
export type ReminderSent = z.infer<typeof ReminderSentSchema>;
export type ParticipantDetailsCorrected = z.infer<typeof ParticipantDetailsCorrectedSchema>;
export type AttendanceMarked = z.infer<typeof AttendanceMarkedSchema>;
export type ChildCollected = z.infer<typeof ChildCollectedSchema>;
export type ConfirmationResendRequested = z.infer<typeof ConfirmationResendRequestedSchema>;
export type ConfirmationEmailResent = z.infer<typeof ConfirmationEmailResentSchema>;
export type BookingRescheduled = z.infer<typeof BookingRescheduledSchema>;
export type BalancePaymentIntentCreated = z.infer<typeof BalancePaymentIntentCreatedSchema>;
export type BalancePaid = z.infer<typeof BalancePaidSchema>;
export type BalanceOverpaid = z.infer<typeof BalanceOverpaidSchema>;
export type BalanceReminderSent = z.infer<typeof BalanceReminderSentSchema>;
export type InstallmentPaymentRecorded = z.infer<typeof InstallmentPaymentRecordedSchema>;
export type InstallmentWaiverRecorded = z.infer<typeof InstallmentWaiverRecordedSchema>;
export type ParticipantCancelled = z.infer<typeof ParticipantCancelledSchema>;
export type ParticipantTransferRequested = z.infer<typeof ParticipantTransferRequestedSchema>;
export type ParticipantTransferred = z.infer<typeof ParticipantTransferredSchema>;

export type EnrollmentEvent =
  | { type: 'EnrollmentSubmitted'; data: EnrollmentSubmitted }
  | { type: 'PaymentIntentCreated'; data: PaymentIntentCreated }
  | { type: 'PaymentSucceeded'; data: PaymentSucceeded }
  | { type: 'PaymentFailed'; data: PaymentFailed }
  | { type: 'EnrollmentConfirmed'; data: EnrollmentConfirmed }
  | { type: 'EnrollmentExpired'; data: EnrollmentExpired }
  | { type: 'EnrollmentCancelled'; data: EnrollmentCancelled }
  | { type: 'RefundIssued'; data: RefundIssued }
  | { type: 'ConfirmationEmailSent'; data: ConfirmationEmailSent }
  | { type: 'RefundRequested'; data: RefundRequested }
  | { type: 'RefundFailed'; data: RefundFailed }
  | { type: 'TransferRequested'; data: TransferRequested }
  | { type: 'EnrollmentTransferred'; data: EnrollmentTransferred }
  | { type: 'TransferAbandoned'; data: TransferAbandoned }
  | { type: 'CustomerNotified'; data: CustomerNotified }
  | { type: 'ReminderSent'; data: ReminderSent }
  | { type: 'ParticipantDetailsCorrected'; data: ParticipantDetailsCorrected }
  | { type: 'AttendanceMarked'; data: AttendanceMarked }
  | { type: 'ChildCollected'; data: ChildCollected }
  | { type: 'ConfirmationResendRequested'; data: ConfirmationResendRequested }
  | { type: 'ConfirmationEmailResent'; data: ConfirmationEmailResent }
  | { type: 'BookingRescheduled'; data: BookingRescheduled }
  | { type: 'BalancePaymentIntentCreated'; data: BalancePaymentIntentCreated }
  | { type: 'BalancePaid'; data: BalancePaid }
  | { type: 'BalanceOverpaid'; data: BalanceOverpaid }
  | { type: 'BalanceReminderSent'; data: BalanceReminderSent }
  | { type: 'InstallmentPaymentRecorded'; data: InstallmentPaymentRecorded }
  | { type: 'InstallmentWaiverRecorded'; data: InstallmentWaiverRecorded }
  | { type: 'ParticipantCancelled'; data: ParticipantCancelled }
  | { type: 'ParticipantTransferRequested'; data: ParticipantTransferRequested }
  | { type: 'ParticipantTransferred'; data: ParticipantTransferred };

export type EnrollmentEventType = EnrollmentEvent['type'];
export const ENROLLMENT_EVENT_TYPES = Object.keys(enrollmentEventSchemas) as EnrollmentEventType[];

/** Order ids and the order reference, as the specification defines them. */
export const orderIdFor = (kind: 'paid' | 'free' | 'test', enrollmentId: string) =>
  `${kind === 'free' ? 'FREE' : kind === 'test' ? 'TEST' : 'ORD'}-${enrollmentId}`;
export const orderReferenceFor = (at: Date) => `GL-${String(at.getTime()).slice(-6).padStart(6, '0')}`;
