import { z } from 'zod';

export const ProgramIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid program id');

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
  rating: z.number().min(0).max(5),
  reviews: z.number().int().nonnegative(),
  features: z.array(z.string().max(300)).max(30).default([]),
  location: z.string().max(300).optional(),
  fullDescription: z.string().max(10_000).optional(),
  duration: z.string().max(100).optional(),
  groupSize: z.number().int().positive().optional(),
  isPrivate: z.boolean().optional(),
  ageRequirement: z.string().max(40).optional(),
});
export type ProgramData = z.infer<typeof ProgramDataSchema>;

/** The `programs` read model document, as GET /api/programs answers it. */
export const ProgramSchema = ProgramDataSchema;
export type Program = z.infer<typeof ProgramSchema>;
