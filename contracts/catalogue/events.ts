import { z } from 'zod';
import { ProgramDataSchema, ProgramIdSchema } from './program.js';
import { StoredWorkshopSchema, WorkshopIdSchema } from './workshop.js';

export const ProgramPublishedSchema = z.object({ program: ProgramDataSchema });
export const ProgramUpdatedSchema = z.object({ program: ProgramDataSchema });
export const ProgramRemovedSchema = z.object({ programId: ProgramIdSchema });

export const WorkshopScheduledSchema = z.object({ workshop: StoredWorkshopSchema });
export const WorkshopUpdatedSchema = z.object({ workshop: StoredWorkshopSchema });
export const WorkshopRemovedSchema = z.object({ workshopId: WorkshopIdSchema });

const seatChange = {
  workshopId: WorkshopIdSchema,
  enrollmentId: z.string().min(1),
  seats: z.number().int().positive(),
};
/** A keyed hash of a client address or an e-mail (service/core/pseudonyms.ts), never the value itself. */
export const HolderKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a holder key');
/**
 * What the checkout holding seats asked of other streams beside them (its client's unpaid-hold
 * allowance, a discount code's use, a gift card's and the family credit's parts), recorded with
 * the hold so that a checkout that never becomes an enrollment (a request that died) can be given
 * back whole when its hold lapses (contracts/enrollment/checkout.ts).
 */
export const CheckoutHoldsSchema = z.object({
  /** The client's unpaid-hold allowance (stream `client-holds-<clientKey>`). */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
  discountCode: z.string().min(1).max(64).optional(),
  giftCardId: z.string().min(1).max(80).optional(),
  /** The household whose family credit it takes. */
  householdId: z.string().min(1).max(80).optional(),
  /** An appointment's: the instructor whose calendar holds its time (stream `instructor-calendar-<id>`). */
  instructorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** An appointment's: the lesson pack one of whose lessons pays it (stream `lesson-pack-<id>`). */
  packId: z.string().min(1).max(80).optional(),
});
export type CheckoutHolds = z.infer<typeof CheckoutHoldsSchema>;

export const SeatsReservedSchema = z.object({
  ...seatChange,
  expiresAt: z.string().datetime({ offset: true }),
  /**
   * A keyed hash of the e-mail, written until issue 22 when a resubmission with the same e-mail
   * replaced the hold. No longer written nor read: only the first answer's hold token replaces a hold.
   */
  holderKey: HolderKeySchema.optional(),
  /**
   * Free seats only: the keyed hashes of the client address and of the e-mail these seats count
   * against (MAX_FREE_SEATS_PER_CLIENT, per workshop) until they are given back.
   */
  freeSeatKeys: z.array(HolderKeySchema).max(2).optional(),
  /** Set when the seats are held for a waitlist offer to this entry (the hold's id is then the offer's). */
  waitlistEntryId: z.string().min(1).optional(),
  /** An enrollment's hold: what its checkout asked of other streams (absent before issue 35, and on offers). */
  checkout: CheckoutHoldsSchema.optional(),
  /**
   * Set when the seats are an organization's invoice line (issue 39; the hold's id is the line's
   * group id): held until the invoice's due date, never lapsed by the hold timer, confirmed when
   * the invoice is paid and given back when it is voided or seats are cancelled.
   */
  invoiceId: z.string().min(1).optional(),
});
export const SeatsReleasedSchema = z.object({
  ...seatChange,
  /**
   * `replaced`: the holder submitted again for this workshop with their hold token, and their newer hold took over.
   * `cancelled` and `transferred` may give back confirmed (sold) seats, not only a hold.
   */
  reason: z.enum(['expired', 'payment-failed', 'cancelled', 'replaced', 'transferred']),
  /** With `replaced`: the enrollment whose hold took over. */
  replacedBy: z.string().min(1).optional(),
  /**
   * When only some of the enrollment's seats go back (participants who left a booking of several):
   * those participants, by index, so their absences in a course's sessions free nothing any more.
   */
  participants: z.array(z.number().int().nonnegative()).max(100).optional(),
});
export const SeatsConfirmedSchema = z.object(seatChange);

/** A session's number in its workshop, from 1 (as the parent and the roster name it). */
export const SessionNumberSchema = z.number().int().min(1).max(20);
/** A participant's index in its enrollment, from 0 (as the attendance call names it). */
export const ParticipantIndexSchema = z.number().int().nonnegative().max(99);
export const MakeupCreditIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a make-up credit id');

/**
 * A parent said one child of a booking will miss one session that has not begun: that child's seat
 * in that session is free for a make-up only (never sold as a new enrollment), and the make-up
 * credit `creditId` is granted for it (stream `makeup-credit-<creditId>`). Ids and indexes only.
 */
export const AbsenceReportedSchema = z.object({
  workshopId: WorkshopIdSchema,
  enrollmentId: z.string().min(1),
  session: SessionNumberSchema,
  participant: ParticipantIndexSchema,
  creditId: MakeupCreditIdSchema,
  /** Until when the credit may be booked: MAKEUP_VALID_DAYS after the session ends. */
  validUntil: z.string().datetime({ offset: true }),
  reportedAt: z.string().datetime({ offset: true }),
});

/** A make-up credit took one seat in one session of this workshop (the child of `enrollmentId`, another booking). */
export const MakeupSeatTakenSchema = z.object({
  workshopId: WorkshopIdSchema,
  creditId: MakeupCreditIdSchema,
  session: SessionNumberSchema,
  enrollmentId: z.string().min(1),
  participant: ParticipantIndexSchema,
});

/** The seat of a make-up is free again: the make-up was cancelled, or its credit was not booked after all. */
export const MakeupSeatReleasedSchema = z.object({
  workshopId: WorkshopIdSchema,
  creditId: MakeupCreditIdSchema,
  session: SessionNumberSchema,
  reason: z.enum(['cancelled', 'moved']),
});

/**
 * The seed's choice of dates, made once when the catalogue is first written (stream
 * `catalogue-seed`): `weeks` is how far the specification's workshops were moved, so a restart
 * (or a second process) writes any missing workshop with the same shift.
 */
export const SeedSeasonChosenSchema = z.object({
  dates: z.enum(['season', 'specification']),
  weeks: z.number().int().nonnegative(),
  chosenAt: z.string().datetime({ offset: true }),
});
export const CATALOGUE_SEED_STREAM = 'catalogue-seed';

export const catalogueEventSchemas = {
  SeedSeasonChosen: SeedSeasonChosenSchema,
  ProgramPublished: ProgramPublishedSchema,
  ProgramUpdated: ProgramUpdatedSchema,
  ProgramRemoved: ProgramRemovedSchema,
  WorkshopScheduled: WorkshopScheduledSchema,
  WorkshopUpdated: WorkshopUpdatedSchema,
  WorkshopRemoved: WorkshopRemovedSchema,
  SeatsReserved: SeatsReservedSchema,
  SeatsReleased: SeatsReleasedSchema,
  SeatsConfirmed: SeatsConfirmedSchema,
  AbsenceReported: AbsenceReportedSchema,
  MakeupSeatTaken: MakeupSeatTakenSchema,
  MakeupSeatReleased: MakeupSeatReleasedSchema,
} as const;

export type ProgramEvent =
  | { type: 'ProgramPublished'; data: z.infer<typeof ProgramPublishedSchema> }
  | { type: 'ProgramUpdated'; data: z.infer<typeof ProgramUpdatedSchema> }
  | { type: 'ProgramRemoved'; data: z.infer<typeof ProgramRemovedSchema> };

export type WorkshopEvent =
  | { type: 'WorkshopScheduled'; data: z.infer<typeof WorkshopScheduledSchema> }
  | { type: 'WorkshopUpdated'; data: z.infer<typeof WorkshopUpdatedSchema> }
  | { type: 'WorkshopRemoved'; data: z.infer<typeof WorkshopRemovedSchema> }
  | { type: 'SeatsReserved'; data: z.infer<typeof SeatsReservedSchema> }
  | { type: 'SeatsReleased'; data: z.infer<typeof SeatsReleasedSchema> }
  | { type: 'SeatsConfirmed'; data: z.infer<typeof SeatsConfirmedSchema> }
  | SessionSeatEvent;

/** The per-session seat events of a workshop stream (courses: absences and make-ups). */
export type SessionSeatEvent =
  | { type: 'AbsenceReported'; data: z.infer<typeof AbsenceReportedSchema> }
  | { type: 'MakeupSeatTaken'; data: z.infer<typeof MakeupSeatTakenSchema> }
  | { type: 'MakeupSeatReleased'; data: z.infer<typeof MakeupSeatReleasedSchema> };

export const programStream = (id: string) => `program-${id}`;
export const workshopStream = (id: string) => `workshop-${id}`;
