import { z } from 'zod';

/** GET /api/admin/dashboard: the four summary cards. */
export const DashboardSchema = z.object({
  /** Every enrollment submitted, whatever became of it: the tracker's All tab. */
  totalEnrollments: z.number().int().nonnegative(),
  /** Programs published and not removed. */
  activePrograms: z.number().int().nonnegative(),
  /** Scheduled workshops whose start is still ahead. */
  upcomingWorkshops: z.number().int().nonnegative(),
  /**
   * Dollars received for enrollments (cards, and the gift cards and family credit spent on them)
   * minus dollars refunded. A gift card is revenue when it is spent, not when it is sold.
   */
  revenue: z.number(),
  /** Deposit bookings whose balance is past due, the oldest first (issue 27; absent from older servers). */
  pastDueBalances: z
    .array(
      z.object({
        enrollmentId: z.string(),
        orderId: z.string().nullable(),
        parentName: z.string(),
        title: z.string(),
        balanceCents: z.number().int().positive(),
        dueAt: z.string(),
      }),
    )
    .optional(),
  /**
   * Instalments past due (issue 43): declined at their last try (`declined`), or unpaid at their
   * date after the parent removed the saved card (`card-removed`); how many, their sum, and each,
   * the oldest first (absent from older servers).
   */
  pastDueInstallments: z
    .object({
      count: z.number().int().nonnegative(),
      totalCents: z.number().int().nonnegative(),
      items: z.array(
        z.object({
          enrollmentId: z.string(),
          parentName: z.string(),
          title: z.string(),
          n: z.number().int().positive(),
          of: z.number().int().positive(),
          amountCents: z.number().int().nonnegative(),
          dueAt: z.string(),
          reason: z.enum(['declined', 'card-removed']),
        }),
      ),
    })
    .optional(),
  /**
   * Organizations' invoices (issue 39), each counted once: invoiced less credit notes, received less
   * refunds, still outstanding, and the overdue ones, the oldest first (absent from older servers).
   */
  invoices: z
    .object({
      invoicedCents: z.number().int(),
      receivedCents: z.number().int(),
      outstandingCents: z.number().int(),
      overdue: z.array(
        z.object({
          invoiceId: z.string(),
          number: z.string(),
          organizationName: z.string(),
          balanceCents: z.number().int(),
          dueAt: z.string(),
        }),
      ),
    })
    .optional(),
  /**
   * Per location, by name (issue 41): workshops whose start is still ahead, the seats they hold and
   * their capacity; a location-limited administrator's locations only (absent from older servers).
   */
  locations: z
    .array(
      z.object({
        locationId: z.string(),
        name: z.string(),
        upcomingWorkshops: z.number().int().nonnegative(),
        seatsTaken: z.number().int().nonnegative(),
        capacity: z.number().int().nonnegative(),
      }),
    )
    .optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type DashboardLocation = NonNullable<Dashboard['locations']>[number];

/** One of the next workshops on the dashboard: how full it is, who waits, and how many need food care. */
export const DayWorkshopSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Start, an instant with the school's offset. */
  date: z.string(),
  time: z.string(),
  location: z.string(),
  capacity: z.number().int().nonnegative(),
  /** Seats held by unpaid enrollments plus seats confirmed, plus seats held for waitlist offers. */
  seatsTaken: z.number().int().nonnegative(),
  /**
   * Of `seatsTaken`, the seats held for a waitlist family's offer: not sold yet, and free again if
   * the offer lapses. "Full" counts them apart.
   */
  seatsOffered: z.number().int().nonnegative(),
  /** Waitlist entries still waiting or holding an offer. */
  waitlist: z.number().int().nonnegative(),
  /** Participants of pending or confirmed enrollments whose dietary restrictions are filled in. */
  allergies: z.number().int().nonnegative(),
});
export type DayWorkshop = z.infer<typeof DayWorkshopSchema>;

/** GET /api/admin/dashboard/day: the next workshops, soonest first (one begun in the last hours included). */
export const DashboardDaySchema = z.object({ workshops: z.array(DayWorkshopSchema) });
export type DashboardDay = z.infer<typeof DashboardDaySchema>;
