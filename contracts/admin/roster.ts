import { z } from 'zod';
import { EnrollmentIdSchema } from '../enrollment/events.js';
import type { ParticipantDetail } from '../enrollment/participants.js';
import { PaymentStatusSchema } from './enrollments.js';
import { personName } from '../core/text.js';
import { WaiverDocumentSchema } from '../policies/waivers.js';
import { SessionSchema } from '../catalogue/sessions.js';

/**
 * A participant's photography choice as the roster flags it: opted out, photos with the first name,
 * photos without a name, or no consent given (treated like an opt-out by the instructor).
 */
export const PhotographySchema = z.enum(['opt-out', 'consent-with-name', 'consent', 'no-consent']);
export type Photography = z.infer<typeof PhotographySchema>;

export const photographyOf = (
  p: Pick<ParticipantDetail, 'photographyConsent' | 'allowNameWithPhoto' | 'photographyOptOut'>,
): Photography =>
  p.photographyOptOut
    ? 'opt-out'
    : p.photographyConsent
      ? p.allowNameWithPhoto
        ? 'consent-with-name'
        : 'consent'
      : 'no-consent';

/** No photograph may show this participant. */
export const noPhotos = (p: Photography) => p === 'opt-out' || p === 'no-consent';

export const PHOTOGRAPHY_LABELS: Record<Photography, string> = {
  'opt-out': 'Opted out: no photos',
  'consent-with-name': 'Photos allowed, first name allowed',
  consent: 'Photos allowed, no name',
  'no-consent': 'No photo consent',
};

const PersonSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
const EmergencyContactSchema = z.object({ name: z.string(), phone: z.string(), relationship: z.string() });
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

const PickupAdultSchema = z.object({ name: z.string(), relationship: z.string(), phone: z.string() });
export type RosterPickupAdult = z.infer<typeof PickupAdultSchema>;

/** Where the participant stands with one document: the signature the roster knows, and whether it counts now. */
export const RosterWaiverSchema = z.object({
  document: WaiverDocumentSchema,
  title: z.string(),
  signedName: z.string().nullable(),
  signedAt: z.string().nullable(),
  version: z.string().nullable(),
  current: z.boolean(),
});
export type RosterWaiver = z.infer<typeof RosterWaiverSchema>;

/** Who collected the participant at the end of the session, as the instructor recorded it. */
export const CollectionSchema = z.object({
  by: z.string(),
  relationship: z.string(),
  /** False: the name was not on the family's list; the instructor confirmed it (flagged). */
  onList: z.boolean(),
  at: z.string(),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** One participant of a pending or confirmed enrollment of the workshop. */
export const RosterRowSchema = z.object({
  enrollmentId: z.string(),
  /** The participant's index in the enrollment, from 0: what the attendance call names. */
  participant: z.number().int().nonnegative(),
  name: z.string(),
  age: z.number().int().nullable(),
  grade: z.string(),
  school: z.string(),
  /** '' when the parent said there are none. */
  dietaryRestrictions: z.string(),
  photography: PhotographySchema,
  parent: PersonSchema,
  /** null when no second parent was given. */
  secondParent: PersonSchema.nullable(),
  /** The contacts given (0 to 2), in the form's order. */
  emergencyContacts: z.array(EmergencyContactSchema),
  specialRequirements: z.string(),
  status: z.enum(['pending', 'confirmed']),
  paymentStatus: PaymentStatusSchema,
  /** null until an administrator marks it (in the roster's session). */
  present: z.boolean().nullable(),
  /**
   * The saved child of a family account (enrolled with `childIds`): the row shows the child's
   * details as the family keeps them now, for a workshop not yet past; null for a typed form.
   */
  childId: z.string().nullable(),
  medicalNotes: z.string(),
  /** The code of conduct and the photography release: signed for this child, and current? */
  waivers: z.array(RosterWaiverSchema),
  /** The adults the family allows to collect the child: its parents and its pick-up list. */
  pickupAdults: z.array(PickupAdultSchema),
  collected: CollectionSchema.nullable(),
  /** A child of another booking (or offering) in this session on a make-up credit. */
  makeup: z.boolean(),
  /** `notified`: the parent reported in advance that the child misses this session (then `present` is false). */
  absence: z.enum(['notified']).nullable(),
});
export type RosterRow = z.infer<typeof RosterRowSchema>;

/**
 * Who a row is: a saved child of a family by id (whatever booking brought them), else the child of
 * one booking by its index. A roster has one row per child per session.
 */
export const rosterChildKey = (r: Pick<RosterRow, 'childId' | 'enrollmentId' | 'participant'>) =>
  r.childId ? `child:${r.childId}` : `${r.enrollmentId}:${r.participant}`;

/** Which of one child's rows speaks for them: a seat that expects them, their own booking's before a make-up. */
const standing = (r: RosterRow) => (r.absence === 'notified' ? 2 : r.makeup ? 1 : 0);

/**
 * One row per child, in the order given (the first row of each child keeps its place), whatever the
 * rows: a child expected through two seats (their own class and a make-up recorded into the session
 * they reported missing before that was refused, or two bookings of one saved child) is one row.
 * It is the seat that expects them, with the marks combined: present once marked present on any of
 * them, and who collected them from whichever recorded it.
 */
export function oneRowPerChild(rows: readonly RosterRow[]): RosterRow[] {
  const byChild = new Map<string, RosterRow[]>();
  for (const r of rows) {
    const key = rosterChildKey(r);
    byChild.set(key, [...(byChild.get(key) ?? []), r]);
  }
  return [...byChild.values()].map((same) => {
    if (same.length === 1) return same[0]!;
    const first = [...same].sort((a, b) => standing(a) - standing(b))[0]!;
    const present = same.some((r) => r.present === true) ? true : first.present;
    const collected = first.collected ?? same.find((r) => r.collected)?.collected ?? null;
    return { ...first, present, collected };
  });
}

/** `?session=N` (from 1; default: the next session not yet over). */
export const RosterQuerySchema = z.object({
  session: z.coerce
    .number({ error: 'session must be a session number from 1.' })
    .int('session must be a whole number from 1.')
    .min(1, 'session must be a whole number from 1.')
    .max(20, 'session must be at most 20.')
    .optional(),
});

/** GET /api/admin/workshops/{id}/roster: the workshop and one row per participant of one session, by name. */
export const RosterSchema = z.object({
  workshop: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    instructor: z.string(),
    capacity: z.number().int(),
  }),
  /** The session the rows are for, from 1, and every session of the workshop. */
  session: z.number().int(),
  sessions: z.array(SessionSchema),
  rows: z.array(RosterRowSchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/** A participant of a booking, by their place on it from 0. */
const ParticipantIndexSchema = z
  .number({ error: 'participant must be the participant’s index, a whole number from 0.' })
  .int('participant must be a whole number from 0.')
  .nonnegative('participant must be a whole number from 0.');

/** A session of a workshop, from 1 (absent: the first, as before courses). */
const SessionNumberSchema = z
  .number({ error: 'session must be the session’s number, a whole number from 1.' })
  .int('session must be a whole number from 1.')
  .min(1, 'session must be a whole number from 1.')
  .max(20, 'session must be at most 20.')
  .default(1);

/** POST /api/admin/workshops/{id}/attendance */
export const AttendanceRequestSchema = z
  .object({
    enrollmentId: EnrollmentIdSchema,
    participant: ParticipantIndexSchema,
    present: z.boolean({ error: 'present must be true or false.' }),
    /** The session marked, from 1 (absent: the first, as before courses). */
    session: SessionNumberSchema,
  })
  .strict();
export type AttendanceRequest = z.infer<typeof AttendanceRequestSchema>;

/** POST /api/admin/workshops/{id}/collected: who collected the participant (a name not on the list needs `confirmNotOnList`). */
export const CollectionRequestSchema = z
  .object({
    enrollmentId: EnrollmentIdSchema,
    participant: ParticipantIndexSchema,
    collectedBy: personName('The name', { error: 'Please give the name of the adult collecting the child.' })
      .trim()
      .min(2, 'Please give the name of the adult collecting the child.')
      .max(200, 'Please keep this under 200 characters.'),
    confirmNotOnList: z.boolean().optional().default(false),
    /** The session it ends, from 1 (absent: the first). */
    session: SessionNumberSchema,
  })
  .strict();
export type CollectionRequest = z.input<typeof CollectionRequestSchema>;

export const CollectionResultSchema = z.object({
  enrollmentId: z.string(),
  participant: z.number().int(),
  collected: CollectionSchema,
  position: z.string(),
});
export type CollectionResult = z.infer<typeof CollectionResultSchema>;

/** The answer: what was recorded, and the position to read the roster at. */
export const AttendanceResultSchema = z.object({
  enrollmentId: z.string(),
  session: z.number().int(),
  participant: z.number().int(),
  present: z.boolean(),
  position: z.string(),
});
export type AttendanceResult = z.infer<typeof AttendanceResultSchema>;

/**
 * POST /api/admin/workshops/{id}/attendance/undo and /collected/undo: the mark, or who collected,
 * taken back for one participant at one session (recorded by mistake); nothing recorded, nothing done.
 */
export const RosterUndoRequestSchema = z
  .object({
    enrollmentId: EnrollmentIdSchema,
    participant: ParticipantIndexSchema,
    session: SessionNumberSchema,
  })
  .strict();
export type RosterUndoRequest = z.input<typeof RosterUndoRequestSchema>;

/** The answer of an undo: whether anything was taken back, and the position to read the roster at. */
export const RosterUndoResultSchema = z.object({
  enrollmentId: z.string(),
  session: z.number().int(),
  participant: z.number().int(),
  undone: z.boolean(),
  position: z.string(),
});
export type RosterUndoResult = z.infer<typeof RosterUndoResultSchema>;
