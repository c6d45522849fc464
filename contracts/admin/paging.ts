import { z } from 'zod';

/** A whole-number query parameter, e.g. ?page=2; query values arrive as text. */
export const wholeNumberParam = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${label} must be a whole number.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} must be from ${min} to ${max}.`);

/** ?page=&pageSize=, 1-based. */
export const pagingShape = (maxPageSize: number) => ({
  page: wholeNumberParam('Page', 1, 100_000).optional(),
  pageSize: wholeNumberParam('Page size', 1, maxPageSize).optional(),
});

/** The response header that carries the number of matching rows of a paged list. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
