import { z } from 'zod';
import { MakeupCreditIdSchema, ParticipantIndexSchema, SessionNumberSchema } from '../catalogue/events.js';
import { WorkshopIdSchema } from '../catalogue/workshop.js';

/**
 * Events of the stream `makeup-credit-<creditId>`: one make-up credit, its own ledger, so that it
 * is booked at most once at a time and never after it expires, decided with the stream's expected
 * revision. Ids and indexes only: the child is named by its booking and index, never by name.
 */
export const makeupCreditStream = (creditId: string) => `makeup-credit-${creditId}`;
export const MAKEUP_CREDIT_STREAM_PREFIX = 'makeup-credit-';

const Instant = z.string().datetime({ offset: true });

/**
 * A credit for one child of one booking: from an absence reported in advance (`from` names the
 * session missed), or granted by the school (`from` null; the administrator is in the metadata).
 */
export const MakeupCreditGrantedSchema = z.object({
  creditId: MakeupCreditIdSchema,
  enrollmentId: z.string().min(1),
  participant: ParticipantIndexSchema,
  /** The program whose offerings it may be booked into; null: only the workshop it came from. */
  programId: z.string().min(1).nullable(),
  /** The workshop of the booking it belongs to. */
  workshopId: WorkshopIdSchema,
  reason: z.enum(['absence', 'school']),
  from: z.object({ workshopId: WorkshopIdSchema, session: SessionNumberSchema }).nullable(),
  validUntil: Instant,
  grantedAt: Instant,
});

/** The credit is spent on one session of one offering (the seat is then taken on that workshop's stream). */
export const MakeupBookedSchema = z.object({
  creditId: MakeupCreditIdSchema,
  enrollmentId: z.string().min(1),
  participant: ParticipantIndexSchema,
  workshopId: WorkshopIdSchema,
  session: SessionNumberSchema,
  bookedAt: Instant,
});

/**
 * The make-up is off and the credit can be booked again: the parent cancelled it before its
 * session (`cancelled`), or the session refused the seat (`refused`, with the workshop's words).
 */
export const MakeupCancelledSchema = z.object({
  creditId: MakeupCreditIdSchema,
  workshopId: WorkshopIdSchema,
  session: SessionNumberSchema,
  reason: z.enum(['cancelled', 'refused']),
  refusal: z.string().optional(),
  cancelledAt: Instant,
});

/**
 * Why a credit no longer stands for anything: the booking it belongs to was cancelled or moved to
 * another class as a whole (`booking-…`), or the child's own place in it was (`place-…`).
 */
export const VOID_REASONS = [
  'booking-cancelled',
  'booking-transferred',
  'place-cancelled',
  'place-transferred',
] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/**
 * The credit is void for good (issue 36): the place it came from is gone, refunded or moved, so it
 * can never be booked again. `booking`: a make-up it was booked into whose session had not begun,
 * which ends with it (its seat is then given back).
 */
export const MakeupCreditVoidedSchema = z.object({
  creditId: MakeupCreditIdSchema,
  enrollmentId: z.string().min(1),
  participant: ParticipantIndexSchema,
  reason: z.enum(VOID_REASONS),
  booking: z.object({ workshopId: WorkshopIdSchema, session: SessionNumberSchema }).nullable(),
  voidedAt: Instant,
});

export const makeupCreditEventSchemas = {
  MakeupCreditGranted: MakeupCreditGrantedSchema,
  MakeupBooked: MakeupBookedSchema,
  MakeupCancelled: MakeupCancelledSchema,
  MakeupCreditVoided: MakeupCreditVoidedSchema,
} as const;

export type MakeupCreditGranted = z.infer<typeof MakeupCreditGrantedSchema>;
export type MakeupBooked = z.infer<typeof MakeupBookedSchema>;
export type MakeupCancelled = z.infer<typeof MakeupCancelledSchema>;
export type MakeupCreditVoided = z.infer<typeof MakeupCreditVoidedSchema>;

export type MakeupCreditEvent =
  | { type: 'MakeupCreditGranted'; data: MakeupCreditGranted }
  | { type: 'MakeupBooked'; data: MakeupBooked }
  | { type: 'MakeupCancelled'; data: MakeupCancelled }
  | { type: 'MakeupCreditVoided'; data: MakeupCreditVoided };
