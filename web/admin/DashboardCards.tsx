import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../contracts/admin/dashboard.js';
import { Button } from '../components/Button.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day, money } from './adminFormat.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Link } from '../components/Link.js';

/** The four summary cards, from the dashboard read model. */
export function DashboardCards() {
  const dashboard = useQuery({
    queryKey: queryKeys.adminDashboard(),
    queryFn: adminQueryFn as () => Promise<Dashboard>,
  });
  if (dashboard.isError) {
    return (
      <div role="alert" className="admin-error">
        <p>The summary could not be loaded.</p>
        <Button variant="outline" onPress={() => void dashboard.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const d = dashboard.data;
  const figure = (value: number | string | undefined) => (value === undefined ? '…' : value);
  const cards = [
    { label: 'Total Enrollments', value: figure(d?.totalEnrollments.toLocaleString('en-US')) },
    { label: 'Active Programs', value: figure(d?.activePrograms) },
    { label: 'Upcoming Workshops', value: figure(d?.upcomingWorkshops) },
    { label: 'Revenue', value: figure(d && money(d.revenue)) },
  ];
  const pastDue = d?.pastDueBalances ?? [];
  return (
    <>
      <dl className="stat-grid" aria-busy={dashboard.isPending}>
        {cards.map((c) => (
          <div key={c.label} className="stat">
            <dt className="stat__label">{c.label}</dt>
            <dd className="stat__value">{c.value}</dd>
          </div>
        ))}
      </dl>
      {pastDue.length > 0 && (
        <section aria-labelledby="past-due-heading" className="past-due">
          <h2 id="past-due-heading" className="admin-section-title">
            Balances past due
          </h2>
          <ul>
            {pastDue.map((b) => (
              <li key={b.enrollmentId}>
                <Link href={`/admin/enrollments/${encodeURIComponent(b.enrollmentId)}`}>
                  {b.parentName}, {b.title}
                </Link>
                : {formatUsd(b.balanceCents)} due {day(b.dueAt)}
              </li>
            ))}
          </ul>
          <Link href="/admin/enrollments?status=balance-due" variant="outline" size="sm">
            All balances due
          </Link>
        </section>
      )}
    </>
  );
}
