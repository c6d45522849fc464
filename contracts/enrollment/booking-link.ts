import { z } from 'zod';
import type { DomainEvent } from '../core/events.js';
import { EnrollmentIdSchema } from './lookup.js';

/**
 * Events of the stream `booking-link-<enrollmentId>`: the version of a booking's "Manage your
 * booking" link. Every link signed for an earlier version answers 410 from then on; e-mails sent
 * afterwards carry the new one. Ids and a reason only: no personal data.
 */
export const bookingLinkStream = (enrollmentId: string) => `booking-link-${enrollmentId}`;

/** Why a booking's link was replaced: a parent left the family that could see it, or someone holding it asked. */
export const BookingLinkReasonSchema = z.enum(['parent-removed', 'asked']);
export type BookingLinkReason = z.infer<typeof BookingLinkReasonSchema>;

export const BookingLinkReplacedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** The link's version from now on (the first link, sent before any replacement, is version 0). */
  version: z.number().int().positive(),
  reason: BookingLinkReasonSchema,
  replacedAt: z.string().datetime({ offset: true }),
});

/** Someone holding one of the booking's links asked for the current one to be e-mailed to the booking's contact. */
export const BookingLinkRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** The version the e-mail carries. */
  version: z.number().int().nonnegative(),
  requestedAt: z.string().datetime({ offset: true }),
});

export const bookingLinkEventSchemas = {
  BookingLinkReplaced: BookingLinkReplacedSchema,
  BookingLinkRequested: BookingLinkRequestedSchema,
} as const;
export type BookingLinkEvent =
  | DomainEvent<'BookingLinkReplaced', z.infer<typeof BookingLinkReplacedSchema>>
  | DomainEvent<'BookingLinkRequested', z.infer<typeof BookingLinkRequestedSchema>>;
