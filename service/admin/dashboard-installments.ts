import { fullName } from '../../contracts/core/erased.js';
import type { Dashboard } from '../../contracts/admin/dashboard.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { pastDue, type InstallmentPlanDoc } from '../../projections/enrollment/installment-plans.js';

type PastDueInstallments = NonNullable<Dashboard['pastDueInstallments']>;

/**
 * The instalments past due (issue 43), for the dashboard: the plans still running with one owed
 * past its date and nothing more tried (declined at its last try, or the parent removed the card),
 * each instalment named with its booking's parent and class, the oldest first.
 */
export async function pastDueInstallments(store: ReadStore, now: Date): Promise<PastDueInstallments> {
  const { items: plans } = await store.find<InstallmentPlanDoc>('installment-plans', {
    where: { watched: true },
    sort: [{ field: 'pastDueFrom', direction: 'asc' }],
    limit: 200,
  });
  const nowMs = now.getTime();
  const due = plans.map(({ doc }) => doc).filter((d) => d.pastDueFrom && Date.parse(d.pastDueFrom) < nowMs);
  const rows = due.length
    ? await store.getMany<EnrollmentRowDoc>(
        'enrollments',
        due.map((d) => d.enrollmentId),
      )
    : new Map<string, { doc: EnrollmentRowDoc }>();
  const items = due.flatMap((plan) => {
    const row = rows.get(plan.enrollmentId)?.doc;
    if (!row || row.status === 'cancelled') return [];
    const removed = plan.cardRemoved === true;
    return plan.installments
      .filter((i) => pastDue(i, removed) && Date.parse(i.dueAt) < nowMs)
      .map((i) => ({
        enrollmentId: plan.enrollmentId,
        parentName: fullName(row.firstName, row.lastName),
        title: row.workshop?.title ?? row.program?.title ?? '',
        n: i.n,
        of: plan.installments.length,
        amountCents: i.amountCents,
        dueAt: i.dueAt,
        reason: removed ? ('card-removed' as const) : ('declined' as const),
      }));
  });
  items.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.enrollmentId.localeCompare(b.enrollmentId) || a.n - b.n);
  return { count: items.length, totalCents: items.reduce((sum, i) => sum + i.amountCents, 0), items };
}
