import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { validationError } from './errors.js';

/** Turns zod issues into one sentence a person can act on, plus a per-field list. */
export function describeIssues(error: z.ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  const message = !first ? 'The request is not valid.' : first.path ? `${first.path}: ${first.message}` : first.message;
  return { message, issues };
}

/**
 * zod validation for a request part; a failure becomes a 400 `{ error, issues }` through the
 * app's error handler, so the body shape is the same everywhere.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const { message, issues } = describeIssues(result.error as unknown as z.ZodError);
      throw validationError(message, issues);
    }
  });
