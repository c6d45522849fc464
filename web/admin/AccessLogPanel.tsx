import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdministratorSummary } from '../../contracts/admin/administrators.js';
import type { AccessLogEntry, AccessLogPage } from '../../contracts/privacy/api.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day, moment } from './adminFormat.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Pager } from './Pager.js';

const PAGE_SIZE = 25;
const EVERYONE = 'everyone';

const WHAT: Record<AccessLogEntry['kind'], string> = {
  roster: 'Roster',
  'roster-csv': 'Roster CSV',
  enrollment: 'Enrollment in full',
  tracker: 'Enrollments list',
  'tracker-csv': 'Enrollments CSV',
  'enrollment-history': 'Enrollment history',
  'gift-cards': 'Gift cards sold',
  waitlist: 'Waitlist',
  inquiries: 'Inbox',
  dashboard: 'Balances past due',
  organizations: 'Organizations and their contacts',
  reviews: 'Reviews',
};

/** A workshop as the office knows it ("Manners & Me, Aug 2, 2025"), from the catalogue; its id once it is gone. */
function Record({ entry, workshops }: { entry: AccessLogEntry; workshops: Map<string, Workshop> }) {
  if (entry.enrollmentId)
    return <Link href={`/admin/enrollments/${encodeURIComponent(entry.enrollmentId)}`}>{entry.enrollmentId}</Link>;
  if (entry.workshopId) {
    const w = workshops.get(entry.workshopId);
    return (
      <Link href={`/admin/workshops/${encodeURIComponent(entry.workshopId)}/roster`}>
        {w ? `${w.title}, ${day(w.date)}` : `Workshop ${entry.workshopId}`}
      </Link>
    );
  }
  return <>—</>;
}

/**
 * Settings (the owner's alone): every read of a roster, its CSV or an enrollment in full, who made
 * it and when, newest first, for one administrator or all. The log holds ids and no child's or
 * parent's data: a workshop is named from the catalogue, an enrollment by its id.
 */
export function AccessLogPanel() {
  const [who, setWho] = useState(EVERYONE);
  const [page, setPage] = useState(1);
  const admins = useQuery({
    queryKey: queryKeys.adminAdministrators(),
    queryFn: adminQueryFn as () => Promise<AdministratorSummary[]>,
  });
  // Public catalogue data, read here only to name the workshops the log holds by id.
  const catalogue = useQuery<Workshop[]>({ queryKey: queryKeys.workshops() });
  const workshops = new Map((catalogue.data ?? []).map((w) => [w.id, w]));
  const log = useQuery({
    queryKey: queryKeys.adminAccessLog({
      ...(who === EVERYONE ? {} : { administrator: who }),
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    queryFn: adminQueryFn as () => Promise<AccessLogPage>,
    placeholderData: keepPreviousData,
  });
  const options = [
    { id: EVERYONE, label: 'Every administrator' },
    ...(admins.data ?? []).map((a) => ({ id: a.id, label: a.name })),
  ];

  return (
    <section aria-labelledby="access-log-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="access-log-heading" className="admin-section-title">
          Access log
        </h2>
      </div>
      <p className="administrators__intro">
        Who read families&apos; personal data: a roster or its CSV, an enrollment in full or its history, the
        enrollments list (or a search of it) or its CSV, a waitlist, the gift cards sold, the inbox, the
        dashboard&apos;s balances past due.
      </p>
      <Select
        label="Administrator"
        options={options}
        selectedKey={who}
        onSelectionChange={(key) => {
          setWho(String(key));
          setPage(1);
        }}
        className="access-log__filter"
      />
      {log.isPending && <Spinner label="Loading the access log…" showLabel />}
      {log.isError && (
        <div role="alert" className="admin-error">
          <p>The access log could not be loaded.</p>
          <Button variant="outline" onPress={() => void log.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {log.data && (
        <>
          <Table aria-label="Access log" className="administrators-table">
            <TableHeader>
              <Column isRowHeader>When</Column>
              <Column>Who</Column>
              <Column>Read</Column>
              <Column>Record</Column>
            </TableHeader>
            <TableBody
              items={log.data.entries}
              dependencies={[catalogue.data]}
              renderEmptyState={() => 'Nothing read yet.'}
            >
              {(entry) => (
                <Row id={entry.id} textValue={`${entry.administrator.name} ${WHAT[entry.kind]}`}>
                  <Cell label="When">{moment(entry.at)}</Cell>
                  <Cell label="Who">{entry.administrator.name}</Cell>
                  <Cell label="Read">
                    {WHAT[entry.kind]}
                    {entry.search ? ' (a search)' : ''}
                  </Cell>
                  <Cell label="Record">
                    <Record entry={entry} workshops={workshops} />
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <Pager page={page} pageSize={PAGE_SIZE} total={log.data.total} onPage={setPage} label="Access log pages" />
        </>
      )}
    </section>
  );
}
