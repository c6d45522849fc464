import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { TrackerTabSchema, type AdminEnrollmentRecord, type TrackerTab } from '../../contracts/admin/enrollments.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminPageQueryFn, type Page } from './adminApi.js';
import { AdminShell } from './AdminShell.js';
import { EnrollmentHistoryDialog } from './EnrollmentHistoryDialog.js';
import { EnrollmentTable } from './EnrollmentTable.js';
import { downloadEnrollmentsCsv } from './exportCsv.js';
import { Pager } from './Pager.js';
import { useDebounced } from './useDebounced.js';

const PAGE_SIZE = 25;
const TABS: { id: TrackerTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'completed', label: 'Completed' },
  { id: 'unpaid', label: 'Unpaid' },
  { id: 'cancelled', label: 'Cancelled' },
];

/** /admin/enrollments: search, tabs and pages are filtered on the server and kept in the address. */
export function EnrollmentTrackerPage() {
  const [exporting, setExporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const status = TrackerTabSchema.catch('all').parse(params.get('status') ?? 'all');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (next: { q?: string; status?: TrackerTab; page?: number }) => {
    const merged = { q, status, page, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.status !== 'all') search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadEnrollmentsCsv({ q, status });
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
      actions={
        <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <SearchBox initial={q} onSearch={(text) => update({ q: text, page: 1 })} />
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
      description="Workshop or program title, location, or enrollment ID"
      type="search"
      value={text}
      onChange={setText}
    />
  );
}

function EnrollmentResults({
  q,
  status,
  page,
  onPage,
  tabLabel,
}: {
  q: string;
  status: TrackerTab;
  page: number;
  onPage: (p: number) => void;
  tabLabel: string;
}) {
  const [open, setOpen] = useState<AdminEnrollmentRecord | null>(null);
  const list = useQuery({
    queryKey: queryKeys.adminEnrollments({ q: q || undefined, status, page, pageSize: PAGE_SIZE }),
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
        emptyText={q ? `No enrollments match “${q}”.` : 'No enrollments yet.'}
      />
      {total > 0 && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={onPage} label="Enrollment pages" />}
      <EnrollmentHistoryDialog record={open} onClose={() => setOpen(null)} />
    </div>
  );
}
