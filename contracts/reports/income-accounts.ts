import { z } from 'zod';

/**
 * A program's income account in the journal (issue 42, record 141), set by the owner in Settings:
 * one stream per program, `program-income-account-<programId>`. Absent, the program's lines go to
 * its category's default account.
 */
export const programIncomeAccountStream = (programId: string) => `program-income-account-${programId}`;

const Instant = z.string().datetime({ offset: true });

export const ProgramIncomeAccountChangedSchema = z.object({
  programId: z.string().min(1),
  /** The account's name as the accountant's chart spells it; null: back to the category's default. */
  account: z.string().min(1).nullable(),
  previousAccount: z.string().min(1).nullable(),
  /** The account's code (Xero's import matches codes); absent: the general income default. */
  code: z.string().min(1).optional(),
  changedAt: Instant,
});
export type ProgramIncomeAccountChanged = z.infer<typeof ProgramIncomeAccountChangedSchema>;

export const incomeAccountEventSchemas = {
  ProgramIncomeAccountChanged: ProgramIncomeAccountChangedSchema,
} as const;
export type IncomeAccountEvent = { type: 'ProgramIncomeAccountChanged'; data: ProgramIncomeAccountChanged };

/** Xero's account codes: up to 10 letters and digits. */
export const INCOME_CODE_PATTERN = /^[A-Za-z0-9]{1,10}$/;

/**
 * PUT /api/admin/programs/:id/income-account `{ account, code? }`: null clears it (the category's
 * default again); `code`, for Xero, absent: the general income default.
 */
export const ProgramIncomeAccountRequestSchema = z.object({
  account: z
    .string({ error: 'account must be the name of an income account, or null for the default.' })
    .trim()
    .min(1, 'account cannot be empty: send null to go back to the default.')
    .max(100, 'account must be at most 100 characters.')
    .refine((s) => !/[\r\n\t]/.test(s), 'account must be one line.')
    .nullable(),
  code: z
    .string({ error: 'code must be the account code, up to 10 letters and digits.' })
    .trim()
    .regex(INCOME_CODE_PATTERN, 'code must be the account code, up to 10 letters and digits.')
    .optional(),
});
export type ProgramIncomeAccountRequest = z.infer<typeof ProgramIncomeAccountRequestSchema>;
