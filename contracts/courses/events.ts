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

export const makeupCreditEventSchemas = {
  MakeupCreditGranted: MakeupCreditGrantedSchema,
  MakeupBooked: MakeupBookedSchema,
  MakeupCancelled: MakeupCancelledSchema,
} as const;

export type MakeupCreditGranted = z.infer<typeof MakeupCreditGrantedSchema>;
export type MakeupBooked = z.infer<typeof MakeupBookedSchema>;
export type MakeupCancelled = z.infer<typeof MakeupCancelledSchema>;

export type MakeupCreditEvent =
  | { type: 'MakeupCreditGranted'; data: MakeupCreditGranted }
  | { type: 'MakeupBooked'; data: MakeupBooked }
  | { type: 'MakeupCancelled'; data: MakeupCancelled };
