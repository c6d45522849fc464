import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminPageQueryFn, type Page } from './adminApi.js';
import { AdminShell } from './AdminShell.js';
import { AdministratorsPanel } from './AdministratorsPanel.js';
import { DashboardCards } from './DashboardCards.js';
import { EnrollmentHistoryDialog } from './EnrollmentHistoryDialog.js';
import { EnrollmentTable } from './EnrollmentTable.js';
import { InboxPanel } from './InboxPanel.js';
import { NextWorkshops } from './NextWorkshops.js';
import { ProgramsPanel } from './ProgramsPanel.js';
import { WorkshopsPanel } from './WorkshopsPanel.js';

const TABS = ['enrollments', 'programs', 'workshops', 'inbox', 'settings'] as const;
type DashboardTab = (typeof TABS)[number];

/** /admin: the summary cards and the tabs; the chosen tab is kept in the address (?tab=). */
export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as DashboardTab)
    : 'enrollments';
  return (
    <AdminShell title="Admin Dashboard">
      <DashboardCards />
      <NextWorkshops />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => setParams(key === 'enrollments' ? {} : { tab: String(key) }, { replace: true })}
      >
        <TabList aria-label="Admin areas">
          <Tab id="enrollments">Enrollments</Tab>
          <Tab id="programs">Programs</Tab>
          <Tab id="workshops">Workshops</Tab>
          <Tab id="inbox">Inbox</Tab>
          <Tab id="settings">Settings</Tab>
        </TabList>
        <TabPanel id="enrollments">
          <RecentEnrollments />
        </TabPanel>
        <TabPanel id="programs">
          <ProgramsPanel />
        </TabPanel>
        <TabPanel id="workshops">
          <WorkshopsPanel />
        </TabPanel>
        <TabPanel id="inbox">
          <InboxPanel />
        </TabPanel>
        <TabPanel id="settings">
          <AdministratorsPanel />
        </TabPanel>
      </Tabs>
    </AdminShell>
  );
}

const RECENT = 5;

function RecentEnrollments() {
  const [open, setOpen] = useState<AdminEnrollmentRecord | null>(null);
  const recent = useQuery({
    queryKey: queryKeys.adminEnrollments({ page: 1, pageSize: RECENT }),
    queryFn: adminPageQueryFn as () => Promise<Page<AdminEnrollmentRecord>>,
  });
  return (
    <section aria-labelledby="recent-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="recent-heading" className="admin-section-title">
          Latest enrollments
        </h2>
        <Link href="/admin/enrollments" variant="outline" size="sm">
          Open Enrollment Tracker
        </Link>
      </div>
      {recent.isPending && <Spinner label="Loading enrollments…" showLabel />}
      {recent.isError && (
        <div role="alert" className="admin-error">
          <p className="admin-error__title">Failed to load enrollments</p>
          <p>Please check your admin key and try again</p>
        </div>
      )}
      {recent.data && (
        <EnrollmentTable
          label="Latest enrollments"
          rows={recent.data.rows}
          onOpen={setOpen}
          emptyText="No enrollments yet."
        />
      )}
      <EnrollmentHistoryDialog record={open} onClose={() => setOpen(null)} />
    </section>
  );
}
