import { fullName } from '../../contracts/core/erased.js';
import type { Dashboard } from '../../contracts/admin/dashboard.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { DASHBOARD_DOC_ID, type DashboardDoc } from '../../projections/admin/dashboard.js';
import { fromCents } from '../../projections/admin/money.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { invoiceFigures } from '../organizations/receivables.js';
import { pastDueInstallments } from './dashboard-installments.js';

/** Sold deposit bookings whose balance is past due, oldest first (the `enrollments` rows by due date). */
async function pastDueBalances(store: ReadStore, now: Date): Promise<NonNullable<Dashboard['pastDueBalances']>> {
  const { items } = await store.find<EnrollmentRowDoc>('enrollments', {
    where: { balanceOpen: true },
    sort: [{ field: 'balanceDueAt', direction: 'asc' }],
    limit: 50,
  });
  return items
    .map(({ doc }) => doc)
    .filter((d) => d.balanceDueAt && Date.parse(d.balanceDueAt) < now.getTime() && (d.balanceCents ?? 0) > 0)
    .map((d) => ({
      enrollmentId: d.id,
      orderId: d.orderId ?? null,
      parentName: fullName(d.firstName, d.lastName),
      title: d.workshop?.title ?? d.program?.title ?? '',
      balanceCents: d.balanceCents!,
      dueAt: d.balanceDueAt!,
    }));
}

export async function readDashboard(store: ReadStore, now: Date): Promise<Dashboard> {
  const doc = (await store.get<DashboardDoc>('dashboard', DASHBOARD_DOC_ID))?.doc;
  const invoices = await invoiceFigures(store, now);
  const installments = await pastDueInstallments(store, now);
  if (!doc)
    return {
      totalEnrollments: 0,
      activePrograms: 0,
      upcomingWorkshops: 0,
      revenue: 0,
      pastDueBalances: [],
      pastDueInstallments: installments,
      invoices,
    };
  const nowMs = now.getTime();
  return {
    pastDueBalances: await pastDueBalances(store, now),
    pastDueInstallments: installments,
    invoices,
    totalEnrollments: doc.enrollments,
    activePrograms: doc.programs.length,
    upcomingWorkshops: Object.values(doc.workshopDates).filter((d) => Date.parse(d) > nowMs).length,
    revenue: fromCents(doc.revenueCents),
  };
}
