import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { AdminArea } from '../../contracts/admin/roles.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminPageQueryFn, type Page } from './adminApi.js';
import { AdminShell } from './AdminShell.js';
import { useAdminSession, useMayUse } from './adminSession.js';
import { AdministratorsPanel } from './AdministratorsPanel.js';
import { AccessLogPanel } from './AccessLogPanel.js';
import { DashboardCards } from './DashboardCards.js';
import { EnrollmentRecordDialog } from './EnrollmentRecordDialog.js';
import { EnrollmentTable } from './EnrollmentTable.js';
import { InboxPanel, useUnreadInquiries } from './InboxPanel.js';
import { ReviewsPanel } from './ReviewsPanel.js';
import { NextWorkshops } from './NextWorkshops.js';
import { ProgramsPanel } from './ProgramsPanel.js';
import { WorkshopsPanel } from './WorkshopsPanel.js';
import { InstructorsPanel } from './InstructorsPanel.js';
import { AppointmentTypesPanel } from './AppointmentTypesPanel.js';
import { DiscountCodesPanel } from './DiscountCodesPanel.js';
import { GiftCardsPanel } from './GiftCardsPanel.js';
import { SchoolSettingsPanel } from './SchoolSettingsPanel.js';
import { ReportsPanel } from './ReportsPanel.js';
import { AnnouncementsPanel } from './AnnouncementsPanel.js';
import { OrganizationsPanel } from './OrganizationsPanel.js';

const TABS = [
  'enrollments',
  'programs',
  'workshops',
  'instructors',
  'pricing',
  'organizations',
  'reports',
  'newsletter',
  'inbox',
  'reviews',
  'settings',
] as const;
type DashboardTab = (typeof TABS)[number];

/** Each tab and the part of the admin area it shows (contracts/admin/roles.ts): a role sees the tabs it may use. */
const TAB_AREAS: Record<DashboardTab, { label: string; area: AdminArea }> = {
  enrollments: { label: 'Enrollments', area: 'enrollments' },
  programs: { label: 'Programs', area: 'catalogue' },
  workshops: { label: 'Workshops', area: 'catalogue' },
  // Their records and hours (issue 38): the routes are in no area yet, so the owner's and managers'.
  instructors: { label: 'Instructors', area: 'other' },
  // The sibling discount, the discount codes and the gift cards: managers set prices too.
  pricing: { label: 'Pricing', area: 'pricing' },
  // Quotes, invoices and receivables (issue 39): the owner's and the managers' (their routes are `other`).
  organizations: { label: 'Organizations', area: 'other' },
  reports: { label: 'Reports', area: 'reports' },
  newsletter: { label: 'Newsletter', area: 'announcements' },
  inbox: { label: 'Inbox', area: 'inquiries' },
  // The owner's and managers': every review, moderated only for a fixed reason.
  reviews: { label: 'Reviews', area: 'other' },
  settings: { label: 'Settings', area: 'administrators' },
};

const PANELS: Record<DashboardTab, () => ReactElement> = {
  enrollments: () => <RecentEnrollments />,
  programs: () => <ProgramsPanel />,
  workshops: () => <WorkshopsPanel />,
  instructors: () => (
    <>
      <InstructorsPanel />
      <AppointmentTypesPanel />
    </>
  ),
  pricing: () => (
    <>
      <SchoolSettingsPanel />
      <DiscountCodesPanel />
      <GiftCardsPanel />
    </>
  ),
  organizations: () => <OrganizationsPanel />,
  reports: () => <ReportsPanel />,
  newsletter: () => <AnnouncementsPanel />,
  inbox: () => <InboxPanel />,
  reviews: () => <ReviewsPanel />,
  settings: () => (
    <>
      <AdministratorsPanel />
      <AccessLogPanel />
    </>
  ),
};

/**
 * /admin: the summary cards, the next workshops and the tabs, as far as the role may use them; the
 * chosen tab is kept in the address (?tab=). An instructor sees the day's dashboard of the
 * workshops they teach, each linking to its roster.
 */
export function AdminDashboardPage() {
  return (
    <AdminShell title="Admin Dashboard">
      <Dashboard />
    </AdminShell>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  const session = useAdminSession();
  const may = useMayUse();
  const tabs = TABS.filter((t) => may(TAB_AREAS[t].area));
  const asked = params.get('tab') ?? '';
  const tab = (tabs as readonly string[]).includes(asked) ? (asked as DashboardTab) : tabs[0];
  const instructor = session?.role === 'instructor';
  const unread = useUnreadInquiries(tabs.includes('inbox'));
  return (
    <>
      {instructor && (
        <p className="admin-welcome">
          Welcome, {session.name}. Here are the workshops you teach: open one for its roster, allergies and photo
          choices, and to mark who is here.
        </p>
      )}
      {may('overview') && <DashboardCards />}
      {may('day') && <NextWorkshops own={instructor} />}
      {tab && (
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key) => setParams(key === tabs[0] ? {} : { tab: String(key) }, { replace: true })}
        >
          <TabList aria-label="Admin areas">
            {tabs.map((t) => (
              <Tab key={t} id={t}>
                {TAB_AREAS[t].label}
                {t === 'inbox' && unread > 0 && (
                  <>
                    <span className="admin-tab__count" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="sr-only"> ({unread} unread)</span>
                  </>
                )}
              </Tab>
            ))}
          </TabList>
          {tabs.map((t) => (
            <TabPanel key={t} id={t}>
              {PANELS[t]()}
            </TabPanel>
          ))}
        </Tabs>
      )}
    </>
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
      <EnrollmentRecordDialog record={open} onClose={() => setOpen(null)} />
    </section>
  );
}
