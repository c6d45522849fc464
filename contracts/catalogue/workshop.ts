import { z } from 'zod';

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
  duration: z.string().max(100),
  category: WorkshopCategorySchema,
  ageRange: z.string().max(60).optional(),
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
});
export type WorkshopData = z.infer<typeof WorkshopDataSchema>;

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
});
export type Workshop = z.infer<typeof WorkshopSchema>;
