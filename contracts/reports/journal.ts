import { z } from 'zod';
import { DayRangeSchema } from './revenue.js';

export const JOURNAL_FORMATS = ['quickbooks', 'xero'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

/** GET /api/admin/exports/journal.csv?from&to&format: one balanced journal entry per school day. */
export const JournalQuerySchema = z.intersection(
  DayRangeSchema,
  z.object({ format: z.enum(JOURNAL_FORMATS, { error: 'must be quickbooks or xero' }) }),
);
export type JournalQuery = z.infer<typeof JournalQuerySchema>;
