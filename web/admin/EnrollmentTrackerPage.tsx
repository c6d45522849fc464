import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { TrackerTabSchema, type AdminEnrollmentRecord, type TrackerTab } from '../../contracts/admin/enrollments.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminPageQueryFn, type Page } from './adminApi.js';
import { AdminShell } from './AdminShell.js';
import { day } from './adminFormat.js';
import { EnrollmentRecordDialog } from './EnrollmentRecordDialog.js';
import { EnrollmentTable } from './EnrollmentTable.js';
import { downloadEnrollmentsCsv } from './exportCsv.js';
import { Pager } from './Pager.js';
import { StatusLegend } from './StatusBadges.js';
import { useDebounced } from './useDebounced.js';
import { nearestFirst } from '../core/nearestFirst.js';

const PAGE_SIZE = 25;
const TABS: { id: TrackerTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  // The API's `completed` (the specification's value), in the words every screen uses.
  { id: 'completed', label: 'Confirmed' },
  { id: 'unpaid', label: 'Unpaid' },
  // Sold with a deposit, the rest still to pay.
  { id: 'balance-due', label: 'Balance due' },
  { id: 'cancelled', label: 'Cancelled' },
];

/** /admin/enrollments: search, tabs and pages are filtered on the server and kept in the address. */
export function EnrollmentTrackerPage() {
  const [exporting, setExporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const status = TrackerTabSchema.catch('all').parse(params.get('status') ?? 'all');
  const q = params.get('q') ?? '';
  const workshop = params.get('workshop') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (next: { q?: string; status?: TrackerTab; page?: number; workshop?: string }) => {
    const merged = { q, status, page, workshop, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.status !== 'all') search.set('status', merged.status);
    if (merged.workshop) search.set('workshop', merged.workshop);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadEnrollmentsCsv({ q, status, workshopId: workshop || undefined });
    } catch (err) {
      toast({
        title: 'Export failed',
        description: apiErrorText(err) ?? 'The CSV file could not be made. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <AdminShell
      title="Enrollment Tracker"
      area="enrollments"
      actions={
        <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <div className="tracker__filters">
        <SearchBox initial={q} onSearch={(text) => update({ q: text, page: 1 })} />
        <WorkshopFilter selected={workshop} onSelect={(id) => update({ workshop: id, page: 1 })} />
      </div>
      <Tabs selectedKey={status} onSelectionChange={(key) => update({ status: key as TrackerTab, page: 1 })}>
        <TabList aria-label="Filter enrollments">
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => (
          <TabPanel key={t.id} id={t.id}>
            <EnrollmentResults
              q={q}
              status={status}
              workshopId={workshop}
              page={page}
              onPage={(p) => update({ page: p })}
              tabLabel={t.label}
            />
          </TabPanel>
        ))}
      </Tabs>
    </AdminShell>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const settled = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (settled !== initial) onSearch(settled);
    // Only a settled change of the text searches; a new `onSearch` each render must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextField
      className="tracker__search"
      label="Search enrollments"
      description="Order number (ORD-…) or reference (GL-…), whole or in part; participant or parent name, e-mail, phone; workshop or program title, location, or enrollment ID"
      type="search"
      value={text}
      onChange={setText}
    />
  );
}

const ALL_WORKSHOPS = 'all';

/**
 * Narrows the tracker (and its export) to one workshop's enrollments: the nearest to come first
 * (this week's class, not the furthest), then those begun, the latest first.
 */
function WorkshopFilter({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const workshops = useQuery<Workshop[]>({ queryKey: queryKeys.workshops() });
  const [now] = useState(() => new Date());
  const options = [
    { id: ALL_WORKSHOPS, label: 'All workshops' },
    ...nearestFirst(workshops.data ?? [], now).map((w) => ({ id: w.id, label: `${w.title} (${day(w.date)})` })),
  ];
  // A workshop named in the address but not (yet) listed still shows as chosen.
  if (selected && !options.some((o) => o.id === selected))
    options.push({ id: selected, label: `Workshop ${selected}` });
  return (
    <Select
      className="tracker__workshop"
      label="Workshop"
      options={options}
      selectedKey={selected || ALL_WORKSHOPS}
      onSelectionChange={(key) => onSelect(key === ALL_WORKSHOPS || key === null ? '' : String(key))}
    />
  );
}

function EnrollmentResults({
  q,
  status,
  workshopId,
  page,
  onPage,
  tabLabel,
}: {
  q: string;
  status: TrackerTab;
  workshopId: string;
  page: number;
  onPage: (p: number) => void;
  tabLabel: string;
}) {
  const [open, setOpen] = useState<AdminEnrollmentRecord | null>(null);
  const list = useQuery({
    queryKey: queryKeys.adminEnrollments({
      q: q || undefined,
      status,
      workshopId: workshopId || undefined,
      page,
      pageSize: PAGE_SIZE,
    }),
    queryFn: adminPageQueryFn as () => Promise<Page<AdminEnrollmentRecord>>,
    placeholderData: keepPreviousData,
  });

  if (list.isPending) return <Spinner label="Loading enrollments…" showLabel />;
  if (list.isError) {
    return (
      <div role="alert" className="admin-error">
        <p className="admin-error__title">Failed to load enrollments</p>
        <p>Please check your admin key and try again</p>
        <Button variant="outline" onPress={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { rows, total } = list.data;
  return (
    <div className="tracker__results" aria-busy={list.isFetching}>
      <EnrollmentTable
        label={`${tabLabel} enrollments`}
        rows={rows}
        onOpen={setOpen}
        emptyText={
          q ? `No enrollments match “${q}”.` : workshopId ? 'No enrollments for this workshop.' : 'No enrollments yet.'
        }
      />
      <StatusLegend />
      {total > 0 && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={onPage} label="Enrollment pages" />}
      <EnrollmentRecordDialog record={open} onClose={() => setOpen(null)} />
    </div>
  );
}
