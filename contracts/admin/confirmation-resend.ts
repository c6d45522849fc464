import { z } from 'zod';

/** POST /api/admin/enrollments/{id}/resend-confirmation answers where the request stands. */
export const ConfirmationResendResultSchema = z.object({
  enrollmentId: z.string(),
  requestId: z.string(),
  /** True once the e-mail left (200); false when the mailer has not answered yet (202: it goes on). */
  sent: z.boolean(),
  /** Feed position to read the history at. */
  position: z.string(),
});
export type ConfirmationResendResult = z.infer<typeof ConfirmationResendResultSchema>;
