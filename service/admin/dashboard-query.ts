import type { Dashboard } from '../../contracts/admin/dashboard.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { DASHBOARD_DOC_ID, type DashboardDoc } from '../../projections/admin/dashboard.js';
import { fromCents } from '../../projections/admin/money.js';

export async function readDashboard(store: ReadStore, now: Date): Promise<Dashboard> {
  const doc = (await store.get<DashboardDoc>('dashboard', DASHBOARD_DOC_ID))?.doc;
  if (!doc) return { totalEnrollments: 0, activePrograms: 0, upcomingWorkshops: 0, revenue: 0 };
  const nowMs = now.getTime();
  return {
    totalEnrollments: doc.enrollments,
    activePrograms: doc.programs.length,
    upcomingWorkshops: Object.values(doc.workshopDates).filter((d) => Date.parse(d) > nowMs).length,
    revenue: fromCents(doc.revenueCents),
  };
}
