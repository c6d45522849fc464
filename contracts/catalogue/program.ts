import { z } from 'zod';
import { oneLineText } from '../core/text.js';

export const ProgramIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid program id');

/**
 * Ratings the school had before its own reviews (issue 40): an average, how many, and where they
 * come from ("Google reviews before 2027"), shown with that source beside the stars and counted
 * with the published reviews. Set by the owner only, never without its source.
 */
export const ImportedRatingsSchema = z.object({
  rating: z
    .number({ error: 'The imported rating is a number from 1 to 5.' })
    .min(1, 'The imported rating is a number from 1 to 5.')
    .max(5, 'The imported rating is a number from 1 to 5.')
    .refine((r) => Math.abs(r * 10 - Math.round(r * 10)) < 1e-9, 'The imported rating has at most one decimal.'),
  count: z
    .number({ error: 'Say how many ratings the average is of.' })
    .int('Say how many ratings the average is of.')
    .min(1, 'Say how many ratings the average is of.')
    .max(1_000_000),
  source: oneLineText('The source', { error: 'Say where the ratings come from.' })
    .trim()
    .min(1, 'Say where the ratings come from.')
    .max(120, 'The source must be at most 120 characters.'),
});
export type ImportedRatings = z.infer<typeof ImportedRatingsSchema>;

/** The source of the specifications' figures, seeded as the programs' baseline. */
export const EARLIER_REVIEWS = 'earlier reviews';

export const ProgramDataSchema = z.object({
  id: ProgramIdSchema,
  title: z.string().trim().min(1).max(200),
  /** Short age or format line shown on cards. */
  description: z.string().trim().min(1).max(2000),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')
    .max(120),
  /** Display category, e.g. "Children", "Teens", "Professional", "All Ages", "Adult". */
  category: z.string().trim().min(1).max(60),
  price: z.number().nonnegative().max(100_000),
  /** Path of an image shipped with the site, e.g. /images/programs/manners-and-me.svg */
  image: z.string().max(300).optional(),
  /**
   * Typed figures of the programs published before issue 40 (the seed's, the admin form's zeros):
   * no longer written. A program that carries them and no `importedRatings` reads them as its
   * baseline from "earlier reviews" (`baselineOf`).
   */
  rating: z.number().min(0).max(5).optional(),
  reviews: z.number().int().nonnegative().optional(),
  importedRatings: ImportedRatingsSchema.optional(),
  features: z.array(z.string().max(300)).max(30).default([]),
  location: z.string().max(300).optional(),
  fullDescription: z.string().max(10_000).optional(),
  duration: z.string().max(100).optional(),
  groupSize: z.number().int().positive().optional(),
  isPrivate: z.boolean().optional(),
  ageRequirement: z.string().max(40).optional(),
});
export type ProgramData = z.infer<typeof ProgramDataSchema>;

/**
 * A program as GET /api/programs answers it: `rating` and `reviews` computed from its published
 * reviews and its baseline (contracts/catalogue/rating.ts), never typed. `rating` is null while
 * fewer than REVIEWS_MIN_COUNT ratings exist in all: no stars are shown then.
 */
export const ProgramSchema = ProgramDataSchema.omit({ rating: true, reviews: true, importedRatings: true }).extend({
  rating: z.number().min(0).max(5).nullable(),
  reviews: z.number().int().nonnegative(),
  importedRatings: ImportedRatingsSchema.nullable(),
});
export type Program = z.infer<typeof ProgramSchema>;

/**
 * The baseline a program counts its reviews from: the owner's imported ratings, or, for a program
 * written before they existed, the figures it was published with, from "earlier reviews" (none
 * when it had no reviews).
 */
export function baselineOf(
  program: Pick<ProgramData, 'rating' | 'reviews' | 'importedRatings'>,
): ImportedRatings | null {
  if (program.importedRatings) return program.importedRatings;
  if (!program.reviews || program.rating === undefined || program.rating < 1) return null;
  return { rating: program.rating, count: program.reviews, source: EARLIER_REVIEWS };
}
