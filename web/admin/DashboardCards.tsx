import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../contracts/admin/dashboard.js';
import { Button } from '../components/Button.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { money } from './adminFormat.js';

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
  return (
    <dl className="stat-grid" aria-busy={dashboard.isPending}>
      {cards.map((c) => (
        <div key={c.label} className="stat">
          <dt className="stat__label">{c.label}</dt>
          <dd className="stat__value">{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}
