import { z } from 'zod';
import { BookingInstallmentSchema } from '../enrollment/installment-plan.js';
import { EnrollmentIdSchema } from '../enrollment/lookup.js';

/**
 * POST /api/admin/enrollments/{id}/installments/{n}/charge `{}` and …/waive `{}` (issue 43, `n` from
 * 1) answer the instalment as it then stands: a charge is the charging reactor's, so it is `due`
 * (202) while the card has not answered yet, then `paid` or `failed` (200); a waiver is `waived`.
 */
export const InstallmentActionRequestSchema = z.object({}).strict();
export const InstallmentActionParamSchema = z.object({
  id: EnrollmentIdSchema,
  n: z.coerce.number().int().min(1).max(12),
});
export const InstallmentActionResultSchema = z.object({
  enrollmentId: z.string(),
  installment: BookingInstallmentSchema,
  /** Feed position to read the booking at. */
  position: z.string(),
});
export type InstallmentActionResult = z.infer<typeof InstallmentActionResultSchema>;
