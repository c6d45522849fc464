import { z } from 'zod';

/**
 * Events of the stream `lapsed-hold-notes-<emailKey>` (the keyed hash of the parent's e-mail,
 * service/core/pseudonyms.ts): the notes sent to one address when an unpaid hold of theirs lapsed,
 * at most one per workshop, the refills used, and whether they asked for no more. Ids and the
 * hash only: the address is read from the booking whenever a note leaves.
 */
export const LAPSED_HOLD_NOTES_STREAM_PREFIX = 'lapsed-hold-notes-';
export const lapsedHoldNotesStream = (emailKey: string) => `${LAPSED_HOLD_NOTES_STREAM_PREFIX}${emailKey}`;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Instant = z.string().datetime({ offset: true });

/** The note about one lapsed hold left (`emailMessageId` its Message-ID); once per address and workshop. */
export const LapsedHoldNoteSentSchema = z.object({
  workshopId: Id,
  /** The booking whose hold lapsed: the refill link fills the enroll form in from it. */
  enrollmentId: Id,
  emailMessageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});
export type LapsedHoldNoteSent = z.infer<typeof LapsedHoldNoteSentSchema>;

/** The note's refill link was opened: the enroll form was filled in from the lapsed booking, once. */
export const LapsedHoldRefillUsedSchema = z.object({
  workshopId: Id,
  enrollmentId: Id,
  at: Instant,
});

/** The address asked for no more such notes (the note's stop link). */
export const LapsedHoldNotesStoppedSchema = z.object({ at: Instant });

export const lapsedHoldNoteEventSchemas = {
  LapsedHoldNoteSent: LapsedHoldNoteSentSchema,
  LapsedHoldRefillUsed: LapsedHoldRefillUsedSchema,
  LapsedHoldNotesStopped: LapsedHoldNotesStoppedSchema,
} as const;

export type LapsedHoldNoteEvent =
  | { type: 'LapsedHoldNoteSent'; data: LapsedHoldNoteSent }
  | { type: 'LapsedHoldRefillUsed'; data: z.infer<typeof LapsedHoldRefillUsedSchema> }
  | { type: 'LapsedHoldNotesStopped'; data: z.infer<typeof LapsedHoldNotesStoppedSchema> };

/** `POST /api/enroll/refill/:token`: what the enroll form is filled in with again. */
export interface LapsedHoldRefill {
  workshopId: string;
  form: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    participants: number;
  };
}
