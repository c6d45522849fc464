import { AGE_RANGE_POLICIES } from './age-range.js';
import { z } from 'zod';
import { ProgramIdSchema } from './program.js';
import { MAX_SESSIONS, SessionSchema, oneSessionOf } from './sessions.js';
import { PaymentPlanOfferSchema, PaymentPlanSchema } from './payment-plan.js';

/** Schedule filter values (the category tabs). */
export const WorkshopCategorySchema = z.enum([
  'children',
  'teen',
  'adult',
  'business',
  'dining',
  'summer',
  'tea-party',
]);
export type WorkshopCategory = z.infer<typeof WorkshopCategorySchema>;

/** Categories whose enrollment form asks for student, parent and emergency details. */
export const STRICT_FORM_CATEGORIES: readonly WorkshopCategory[] = ['children', 'summer', 'tea-party'];

export const WorkshopIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid workshop id');

export const InfoPairSchema = z.object({ label: z.string().max(100), value: z.string().max(1000) });

/** An instant with its offset, e.g. 2025-06-07T12:30:00-05:00 (held in the school's zone, America/Chicago). */
export const ZonedDateTimeStringSchema = z
  .string()
  .datetime({ offset: true, message: 'must be a date and time with its UTC offset' });

/**
 * A group price: `participants` enrolled together pay `totalPrice` (dollars) instead of
 * price x participants, e.g. the dinner's "Couple: $250" is { participants: 2, totalPrice: 250 }.
 */
export const PriceTierSchema = z.object({
  participants: z.number().int().min(2).max(100),
  totalPrice: z.number().nonnegative().max(100_000),
});
export type PriceTier = z.infer<typeof PriceTierSchema>;

export const WorkshopDataSchema = z.object({
  id: WorkshopIdSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(2000),
  longDescription: z.string().max(10_000).optional(),
  additionalInfo: z.array(InfoPairSchema).max(30).optional(),
  date: ZonedDateTimeStringSchema,
  /** Time as people read it, e.g. "12:30 PM - 2:00 PM". */
  time: z.string().max(100),
  location: z.string().trim().min(1).max(300),
  instructor: z.string().max(200),
  /**
   * The instructor record who teaches it (issue 38: absent on workshops written before, whose
   * `instructor` text reads as before; GET /api/workshops names the record of that name).
   */
  instructorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /**
   * The location it is held at and, optionally, its room (issue 41: absent on workshops written
   * before, whose `location` text reads as before). A room's time is decided on `room-<roomId>`.
   */
  locationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  roomId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** Where an off-site evening is held (a restaurant for the dinner), beside its location. */
  venue: z.string().max(300).optional(),
  /**
   * The IANA zone its times are on (issue 41 item 3): its location's, when that is not the school's
   * (America/Chicago). `date`, the sessions and `time` are written on it ("10:00 AM - 11:30 AM MT");
   * absent, the school's.
   */
  timeZone: z.string().max(64).optional(),
  duration: z.string().max(100),
  category: WorkshopCategorySchema,
  ageRange: z.string().max(60).optional(),
  /**
   * What an age outside `ageRange` does (added later: absent means `warn`): the parent is asked to
   * confirm or pick another class, or (`refuse`) the enrollment is refused.
   */
  ageRangePolicy: z.enum(AGE_RANGE_POLICIES).optional(),
  attire: z.string().max(200).optional(),
  price: z.number().nonnegative().max(100_000),
  note: z.string().max(300).optional(),
  capacity: z.number().int().positive().max(10_000),
  /** When enrollment closes, if earlier than the start (added later: absent means "when it starts"). */
  enrollmentClosesAt: ZonedDateTimeStringSchema.optional(),
  /** Group prices (added later: absent means price x participants for every count). */
  priceTiers: z.array(PriceTierSchema).max(10).optional(),
  /**
   * Free seats one client address, and one e-mail, may take in this workshop (added later: absent
   * means MAX_FREE_SEATS_PER_CLIENT).
   */
  maxFreeSeatsPerClient: z.number().int().min(1).max(10_000).optional(),
  /**
   * A deposit per participant, in cents (issue 27): the parent pays it to book and the rest by
   * `balanceDueDaysBefore` days before the start. Absent or 0: paid in full at once.
   */
  depositCents: z.number().int().min(0).max(10_000_000).optional(),
  /** Days before the start the balance is due (default 14). */
  balanceDueDaysBefore: z.number().int().min(0).max(180).optional(),
  /**
   * An instalment plan (issue 43): the parent may pay in up to `installments` monthly payments on
   * a saved card, the last at least `lastDueDaysBefore` days before the first session. A workshop
   * takes a deposit or a plan, not both. Absent: none.
   */
  paymentPlan: PaymentPlanSchema.optional(),
  /** The program this workshop is an offering of (added with courses: absent means none). */
  programId: ProgramIdSchema.optional(),
  /**
   * Its dated sessions, in order (1-20): a one-date workshop is a course of one session. `date` is
   * the first session's start, kept because the specifications' API answers it.
   */
  sessions: z.array(SessionSchema).min(1).max(MAX_SESSIONS),
  /**
   * Joining after the first session is allowed until session K starts (absent: enrollment closes at
   * the first session); the price is then pro rata for the sessions left.
   */
  lateJoinUntilSession: z.number().int().min(2).max(MAX_SESSIONS).optional(),
  /**
   * Organizations may book it by invoice from its enroll page (issue 39): `minSeats` or more at
   * once, up to the seats left, beside the card. Absent: by card only.
   */
  invoiceCheckout: z.object({ minSeats: z.number().int().min(1).max(500) }).optional(),
  /**
   * A private workshop scheduled for one organization's invoice line (on-site training, issue 39):
   * not on the public schedule, its seats only for that organization's attendees.
   */
  privateFor: z
    .object({ organizationId: z.string().min(1), invoiceId: z.string().min(1), line: z.number().int().min(0) })
    .optional(),
});
export type WorkshopData = z.infer<typeof WorkshopDataSchema>;

/**
 * A workshop as stored in events. Records written before courses have no sessions: they read as a
 * course of one session starting at their `date` (an upcast applied as events are read; nothing is
 * rewritten).
 */
export const StoredWorkshopSchema = WorkshopDataSchema.extend({
  sessions: z.array(SessionSchema).min(1).max(MAX_SESSIONS).optional(),
}).transform((w): WorkshopData => ({ ...w, sessions: w.sessions ?? [oneSessionOf(w)] }));

/** A workshop record as written before courses, or without its sessions spelled out (a one-date workshop). */
export type WorkshopRecord = z.input<typeof StoredWorkshopSchema>;

/**
 * A record (or a read-model document projected before courses) with its sessions and `date` in
 * agreement: without sessions it is one session from `date`; a one-session record whose `date` was
 * changed by a client that knows no sessions follows the date; a course's `date` is its first start.
 */
export function withSessions<W extends { date: string; time: string; sessions?: WorkshopData['sessions'] }>(
  w: W,
): W & Pick<WorkshopData, 'sessions'> {
  const first = w.sessions?.[0];
  if (!w.sessions || !first) return { ...w, sessions: [oneSessionOf(w)] };
  if (Date.parse(first.startsAt) === Date.parse(w.date)) return w as W & Pick<WorkshopData, 'sessions'>;
  if (w.sessions.length === 1) return { ...w, sessions: [oneSessionOf(w)] };
  return { ...w, date: first.startsAt, sessions: w.sessions };
}

/** The `schedule` read model document, as GET /api/workshops answers it. */
export const WorkshopSchema = WorkshopDataSchema.extend({
  spotsLeft: z.number().int().nonnegative(),
  /** Seats held by unpaid enrollments plus seats confirmed. */
  seatsTaken: z.number().int().nonnegative(),
  /**
   * When the workshop was published, which is when its enrollment opened (a sales window opens at
   * publication and closes at `enrollmentClosesAt` or the start). Absent in documents projected
   * before it was kept.
   */
  scheduledAt: z.string().optional(),
  /**
   * Per session (index 0 is session 1), children absent by notice and make-ups taken: a session
   * holds `seatsTaken - absent + makeups` (absent in documents projected before courses).
   */
  sessionAbsences: z.array(z.number().int().nonnegative()).optional(),
  sessionMakeups: z.array(z.number().int().nonnegative()).optional(),
  /**
   * What the workshop's plan can offer an enrollment made now (issue 43): how many instalments fit
   * before the first session and their dates; null when the plan offers none now (too near), absent
   * without a plan.
   */
  paymentPlanOffer: PaymentPlanOfferSchema.nullable().optional(),
});
export type Workshop = z.infer<typeof WorkshopSchema>;

/** Children session `session` (1-based) of a schedule document holds. */
export const sessionSeatsTaken = (w: Workshop, session: number) =>
  w.seatsTaken - (w.sessionAbsences?.[session - 1] ?? 0) + (w.sessionMakeups?.[session - 1] ?? 0);

/** Seats a make-up can take in `session`. */
export const makeupSpotsLeft = (w: Workshop, session: number) =>
  Math.max(0, w.capacity - sessionSeatsTaken(w, session));

/** Seats a new enrollment can take: it must fit every session, and a seat freed by an absence is a make-up's only. */
export function enrollmentSpotsLeft(
  w: Pick<Workshop, 'capacity' | 'seatsTaken' | 'sessionAbsences' | 'sessionMakeups'>,
) {
  const absent = w.sessionAbsences ?? [];
  let beyond = 0;
  (w.sessionMakeups ?? []).forEach((n, i) => (beyond = Math.max(beyond, n - (absent[i] ?? 0))));
  return Math.max(0, w.capacity - w.seatsTaken - beyond);
}
