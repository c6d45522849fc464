import { z } from 'zod';

/** Every error the API answers has this body: words a person can act on. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
