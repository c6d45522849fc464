import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RevenueGrouping, RevenueReport } from '../../contracts/reports/revenue.js';
import type { Liabilities } from '../../contracts/reports/liabilities.js';
import { revenueSummary } from '../../contracts/reports/summary.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn, adminRequest } from './adminApi.js';
import { downloadCsv } from './exportCsv.js';
import { ActivityReports } from './ActivityReports.js';
import { useAdminSession } from './adminSession.js';
import { useLocations } from '../catalogue/queries.js';
import './reports.css';

const GROUPINGS: { id: RevenueGrouping; label: string }[] = [
  { id: 'month', label: 'Month' },
  { id: 'program', label: 'Program' },
  { id: 'location', label: 'Location' },
  { id: 'source', label: 'Source of payment' },
];
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

/**
 * The owner's Reports tab (issue 42): revenue over a range of school days by month, program,
 * location or source, as the server's chart (with its summary in words) and the table under it; the
 * liabilities on the range's last day; and the journal for QuickBooks or Xero. A manager limited to
 * locations (issue 41) reads the revenue and the funnel of one of hers at a time, as the server
 * answers her; the liabilities, the journal and the other reports are the whole school's.
 */
export function ReportsPanel() {
  const [from, setFrom] = useState(`${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today());
  const [by, setBy] = useState<RevenueGrouping>('month');
  const limit = useAdminSession()?.locationIds ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const locationId = limit.length === 0 ? null : chosen && limit.includes(chosen) ? chosen : limit[0]!;
  const valid = isDay(from) && isDay(to) && from <= to;
  const params = { from, to, by, ...(locationId ? { locationId } : {}) };
  const report = useQuery({
    queryKey: queryKeys.adminRevenue(params),
    queryFn: adminQueryFn as () => Promise<RevenueReport>,
    enabled: valid,
  });
  const chart = useQuery({
    queryKey: ['/api/admin/reports/revenue.svg', params],
    queryFn: async () =>
      (await adminRequest('GET', `/api/admin/reports/revenue.svg?${new URLSearchParams(params)}`)).text(),
    enabled: valid,
  });
  const liabilities = useQuery({
    queryKey: queryKeys.adminLiabilities({ on: to }),
    queryFn: adminQueryFn as () => Promise<Liabilities>,
    enabled: valid && !locationId,
  });
  const grouping = GROUPINGS.find((g) => g.id === by)!.label;
  const journal = (format: 'quickbooks' | 'xero') =>
    downloadCsv(`/api/admin/exports/journal.csv?${new URLSearchParams({ from, to, format })}`, 'journal.csv');
  return (
    <section aria-labelledby="reports-heading" className="catalogue-panel reports">
      <h2 id="reports-heading" className="admin-section-title">
        Revenue
      </h2>
      <div className="reports__controls">
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
        <Select
          label="Group by"
          options={GROUPINGS}
          selectedKey={by}
          onSelectionChange={(key) => setBy(String(key) as RevenueGrouping)}
        />
        {limit.length > 1 && <YourLocations ids={limit} selected={locationId!} onChange={setChosen} />}
      </div>
      {!valid && <p role="alert">Choose a first day on or before the last day.</p>}
      {report.isPending && valid && <Spinner label="Loading the report…" showLabel />}
      {report.isError && (
        <div role="alert" className="admin-error">
          <p>The report could not be loaded.</p>
        </div>
      )}
      {report.data && (
        <>
          <figure className="reports__chart">
            {chart.data && (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.data)}`}
                alt={`Chart: ${revenueSummary(report.data, params)}`}
              />
            )}
            <figcaption>{revenueSummary(report.data, params)}</figcaption>
          </figure>
          <Table aria-label="Revenue">
            <TableHeader>
              <Column isRowHeader>{grouping}</Column>
              <Column>Booked</Column>
              <Column>Refunded</Column>
              <Column>Net</Column>
              <Column>Recognized</Column>
            </TableHeader>
            <TableBody items={[...report.data.rows, { key: 'total', label: 'Total', ...report.data.totals }]}>
              {(r) => (
                <Row id={r.key} textValue={r.label}>
                  <Cell label={grouping}>{r.label}</Cell>
                  <Cell label="Booked">{formatUsd(r.bookedCents)}</Cell>
                  <Cell label="Refunded">{formatUsd(r.refundedCents)}</Cell>
                  <Cell label="Net">{formatUsd(r.netCents)}</Cell>
                  <Cell label="Recognized">{formatUsd(r.recognizedCents)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </>
      )}
      {locationId ? (
        <p className="reports__limited">
          Money owed, the journal and the attendance and instructors&apos; reports hold the whole school&apos;s figures:
          the owner reads them.
        </p>
      ) : (
        <>
          <h2 id="liabilities-heading" className="admin-section-title">
            Owed on {to}
          </h2>
          {liabilities.data && (
            <Table aria-labelledby="liabilities-heading">
              <TableHeader>
                <Column isRowHeader>Liability</Column>
                <Column>Amount</Column>
              </TableHeader>
              <TableBody
                items={[...liabilities.data.rows, { key: 'total', label: 'Total', cents: liabilities.data.totalCents }]}
              >
                {(r) => (
                  <Row id={r.key} textValue={r.label}>
                    <Cell label="Liability">{r.label}</Cell>
                    <Cell label="Amount">{formatUsd(r.cents)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
          <div className="reports__controls">
            <Button variant="outline" size="sm" isDisabled={!valid} onPress={() => void journal('quickbooks')}>
              Journal for QuickBooks (CSV)
            </Button>
            <Button variant="outline" size="sm" isDisabled={!valid} onPress={() => void journal('xero')}>
              Journal for Xero (CSV)
            </Button>
          </div>
        </>
      )}
      <ActivityReports range={valid ? { from, to, ...(locationId ? { locationId } : {}) } : null} />
    </section>
  );
}

/** A manager limited to several locations picks which one's figures she reads. */
function YourLocations({
  ids,
  selected,
  onChange,
}: {
  ids: string[];
  selected: string;
  onChange: (id: string) => void;
}) {
  const names = new Map((useLocations().data ?? []).map((l) => [l.id, l.name]));
  return (
    <Select
      label="Location"
      options={ids.map((id) => ({ id, label: names.get(id) ?? id }))}
      selectedKey={selected}
      onSelectionChange={(key) => onChange(String(key))}
    />
  );
}
