import { z } from 'zod';

/** GET /api/admin/dashboard: the four summary cards. */
export const DashboardSchema = z.object({
  /** Every enrollment submitted, whatever became of it: the tracker's All tab. */
  totalEnrollments: z.number().int().nonnegative(),
  /** Programs published and not removed. */
  activePrograms: z.number().int().nonnegative(),
  /** Scheduled workshops whose start is still ahead. */
  upcomingWorkshops: z.number().int().nonnegative(),
  /** Dollars received minus dollars refunded. */
  revenue: z.number(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
