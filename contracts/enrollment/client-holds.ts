import { z } from 'zod';
import { EnrollmentIdSchema } from './events.js';

/**
 * Events of the stream `client-holds-<clientKey>`: the seats one client address holds unpaid, across
 * workshops. `clientKey` is a keyed hash of the address (never the address itself). Each entry
 * carries its expiry, the hold's, so a give-back that never comes (a crash) ends with the hold.
 */
export const clientHoldsStream = (clientKey: string) => `client-holds-${clientKey}`;

const Instant = z.string().datetime({ offset: true });

export const ClientSeatsHeldSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  workshopId: z.string().min(1),
  seats: z.number().int().positive(),
  /** When the hold lapses unless paid; from then on these seats no longer count. */
  expiresAt: Instant,
  /** Keyed hash of the holder's e-mail, written until issue 22; no longer read. */
  holderKey: z.string().min(1).optional(),
  /** The entry this one took over: the enrollment the hold token named, same workshop. */
  replaces: EnrollmentIdSchema.optional(),
  heldAt: Instant,
});

export const ClientSeatsFreedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** refused: the workshop turned the hold down; confirmed: paid or free; replaced: a newer hold took over; released: the hold ended. */
  reason: z.enum(['refused', 'confirmed', 'replaced', 'released']),
  freedAt: Instant,
});

export const clientHoldEventSchemas = {
  ClientSeatsHeld: ClientSeatsHeldSchema,
  ClientSeatsFreed: ClientSeatsFreedSchema,
} as const;

export type ClientSeatsHeld = z.infer<typeof ClientSeatsHeldSchema>;
export type ClientSeatsFreed = z.infer<typeof ClientSeatsFreedSchema>;
export type ClientHoldEvent =
  { type: 'ClientSeatsHeld'; data: ClientSeatsHeld } | { type: 'ClientSeatsFreed'; data: ClientSeatsFreed };
