import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn, adminRequest } from './adminApi.js';
import { downloadCsv } from './exportCsv.js';

export interface ReportColumn<R> {
  name: string;
  cell: (row: R) => ReactNode;
}
export interface ReportTable<R> {
  /** The table's caption, a visible heading it is labelled by. */
  caption: string;
  rows: (R & { key: string })[];
  columns: ReportColumn<R>[];
  /** The CSV of this table: its query beyond the range (`{ table: 'retention' }`), and its button. */
  csv: { params?: Record<string, string>; label: string };
}

/**
 * One of the owner's reports (issue 42) over the tab's range: the server's chart, its summary in
 * words (the chart's text alternative), each table with its caption and a CSV button.
 */
export function ReportSection<T>({
  report,
  title,
  range,
  summary,
  empty,
  tables,
}: {
  report: 'funnel' | 'attendance' | 'instructors';
  title: string;
  range: { from: string; to: string } | null;
  summary: (data: T) => string;
  /** Nothing to draw: the summary says so, and no empty axes are shown. */
  empty: (data: T) => boolean;
  tables: (data: T) => ReportTable<never>[];
}) {
  const params = range ?? { from: '', to: '' };
  const data = useQuery({
    queryKey: queryKeys.adminReport(report, params),
    queryFn: adminQueryFn as () => Promise<T>,
    enabled: range !== null,
  });
  const chart = useQuery({
    queryKey: [`/api/admin/reports/${report}.svg`, params],
    queryFn: async () =>
      (await adminRequest('GET', `/api/admin/reports/${report}.svg?${new URLSearchParams(params)}`)).text(),
    enabled: range !== null,
  });
  const headingId = `${report}-heading`;
  return (
    <section aria-labelledby={headingId} className="reports__section">
      <h2 id={headingId} className="admin-section-title">
        {title}
      </h2>
      {data.isPending && range && <Spinner label={`Loading the ${title.toLowerCase()} report…`} showLabel />}
      {data.isError && (
        <div role="alert" className="admin-error">
          <p>The {title.toLowerCase()} report could not be loaded.</p>
        </div>
      )}
      {data.data && (
        <>
          <figure className="reports__chart">
            {chart.data && !empty(data.data) && (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.data)}`}
                alt={`Chart: ${summary(data.data)}`}
              />
            )}
            <figcaption>{summary(data.data)}</figcaption>
          </figure>
          {tables(data.data).map((table, i) => (
            <ReportTableView
              key={table.caption}
              id={`${report}-table-${i}`}
              table={table}
              report={report}
              params={params}
            />
          ))}
        </>
      )}
    </section>
  );
}

function ReportTableView<R>({
  id,
  table,
  report,
  params,
}: {
  id: string;
  table: ReportTable<R>;
  report: string;
  params: Record<string, string>;
}) {
  const csv = () =>
    downloadCsv(
      `/api/admin/reports/${report}?${new URLSearchParams({ ...params, ...table.csv.params, format: 'csv' })}`,
      `${report}.csv`,
    );
  return (
    <div className="reports__table">
      <h3 id={id} className="reports__caption">
        {table.caption}
      </h3>
      {table.rows.length === 0 ? (
        <p>Nothing in this range.</p>
      ) : (
        <Table aria-labelledby={id}>
          <TableHeader>
            {table.columns.map((c, i) => (
              <Column key={c.name} isRowHeader={i === 0}>
                {c.name}
              </Column>
            ))}
          </TableHeader>
          <TableBody items={table.rows}>
            {(r) => (
              <Row id={r.key}>
                {table.columns.map((c) => (
                  <Cell key={c.name} label={c.name}>
                    {c.cell(r)}
                  </Cell>
                ))}
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <div className="reports__controls">
        <Button variant="outline" size="sm" onPress={() => void csv()}>
          {table.csv.label}
        </Button>
      </div>
    </div>
  );
}
