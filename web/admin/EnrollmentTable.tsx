import { fullName } from '../../contracts/core/erased.js';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import { Badge } from '../components/Badge.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { clock, day, money } from './adminFormat.js';
import { EnrollmentStatusBadge, PaymentStatusBadge } from './StatusBadges.js';

export interface EnrollmentTableProps {
  label: string;
  rows: AdminEnrollmentRecord[];
  /** Opens the enrollment's history; Enter or a click on a row. */
  onOpen: (record: AdminEnrollmentRecord) => void;
  emptyText: string;
}

/**
 * The participants by name (the parent stands in for rows projected before names were kept), then
 * who enrolled them and how to reach them.
 */
function StudentCell({ record: r }: { record: AdminEnrollmentRecord }) {
  const parent = fullName(r.firstName, r.lastName);
  const names = r.participantNames?.length ? r.participantNames : [parent];
  const parentIsStudent = names.length === 1 && names[0] === parent;
  return (
    <span className="enrollment-table__stack enrollment-table__who">
      {names.map((name, i) => (
        <span key={i} className="enrollment-table__name">
          {name}
        </span>
      ))}
      <span className="enrollment-table__muted">{parentIsStudent ? r.email : `Parent: ${parent} · ${r.email}`}</span>
    </span>
  );
}

/** The specification's tracker columns; every row opens that enrollment's audit trail. */
export function EnrollmentTable({ label, rows, onOpen, emptyText }: EnrollmentTableProps) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (
    <Table
      aria-label={label}
      className="enrollment-table"
      onRowAction={(key) => byId.get(String(key)) && onOpen(byId.get(String(key))!)}
    >
      <TableHeader>
        <Column isRowHeader>ID</Column>
        <Column>Date</Column>
        <Column>Student Name</Column>
        <Column>Workshop/Program</Column>
        <Column>Details</Column>
        <Column>Status</Column>
        <Column>Payment</Column>
        <Column>Amount</Column>
      </TableHeader>
      <TableBody items={rows} renderEmptyState={() => <p className="enrollment-table__empty">{emptyText}</p>}>
        {(r) => (
          <Row id={r.id} textValue={(r.participantNames ?? [fullName(r.firstName, r.lastName)]).join(', ')}>
            <Cell label="ID">
              <span className="enrollment-table__stack">
                <code className="enrollment-table__id" title={r.id}>
                  {r.id.slice(0, 8)}
                </code>
                {/* The reference parents quote, once confirmed: the tracker finds it too. */}
                {r.orderReference && <span className="enrollment-table__muted">{r.orderReference}</span>}
              </span>
            </Cell>
            <Cell label="Date">
              <span className="enrollment-table__nowrap">{day(r.createdAt)}</span>
            </Cell>
            <Cell label="Student">
              <StudentCell record={r} />
            </Cell>
            <Cell label={'Workshop/\u200bProgram'}>
              <span className="enrollment-table__stack">
                <Badge variant={r.workshop ? 'outline' : 'accent'} className="enrollment-table__kind">
                  {r.workshop ? 'Workshop' : 'Program'}
                </Badge>
                <span>{r.workshop?.title ?? r.program?.title ?? ''}</span>
              </span>
            </Cell>
            <Cell label="Details">
              {r.workshop?.date ? (
                <span className="enrollment-table__stack">
                  <span className="enrollment-table__nowrap">{day(r.workshop.date)}</span>
                  <span className="enrollment-table__muted">{clock(r.workshop.date)}</span>
                </span>
              ) : (
                <span className="enrollment-table__muted">No fixed date</span>
              )}
            </Cell>
            <Cell label="Status">
              <EnrollmentStatusBadge status={r.status} />
            </Cell>
            <Cell label="Payment">
              <PaymentStatusBadge status={r.paymentStatus} balanceCents={r.balanceCents} />
            </Cell>
            <Cell label="Amount">{money(r.amount)}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
