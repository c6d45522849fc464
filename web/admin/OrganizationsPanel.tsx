import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSummary } from '../../contracts/organizations/organization.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { formatDayKey } from '../core/format.js';
import { adminQueryFn } from './adminApi.js';
import { downloadCsv } from './exportCsv.js';
import { useDebounced } from './useDebounced.js';
import { QuoteForm } from './QuoteForm.js';
import './reports.css';

/** One invoice of the receivables, as GET /api/admin/invoices answers it. */
interface Receivable {
  id: string;
  number: string;
  organizationName: string;
  poNumber: string;
  dueAt: string;
  status: 'open' | 'paid' | 'void';
  overdue: boolean;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

const FILTERS = [
  { id: 'open', label: 'Open' },
  { id: 'overdue', label: 'Overdue' },
  { id: 'paid', label: 'Paid' },
  { id: 'void', label: 'Void' },
] as const;
const dayOf = (instant: string) => new Date(instant).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

/**
 * The Organizations tab (issue 39): the organizations, searched by name, contact, e-mail or tax id,
 * each with its quotes, invoices, seats and money; a quote for one of them; and the receivables
 * (open, overdue, paid), with their CSV.
 */
export function OrganizationsPanel() {
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim(), 250);
  const organizations = useQuery({
    queryKey: ['/api/admin/organizations', search ? { q: search } : {}],
    queryFn: adminQueryFn as () => Promise<OrganizationSummary[]>,
  });
  const [status, setStatus] = useState<(typeof FILTERS)[number]['id']>('open');
  const receivables = useQuery({
    queryKey: ['/api/admin/invoices', { status }],
    queryFn: adminQueryFn as () => Promise<Receivable[]>,
  });
  const client = useQueryClient();
  return (
    <section aria-labelledby="organizations-heading" className="catalogue-panel reports">
      <h2 id="organizations-heading" className="admin-section-title">
        Organizations
      </h2>
      <div className="reports__controls">
        <TextField
          label="Search"
          type="search"
          value={q}
          onChange={setQ}
          description="Name, contact, e-mail or tax id"
        />
      </div>
      {organizations.isPending && <Spinner label="Loading organizations…" showLabel />}
      {organizations.isError && (
        <div role="alert" className="admin-error">
          <p>The organizations could not be loaded.</p>
        </div>
      )}
      {organizations.data && (
        <Table aria-label="Organizations">
          <TableHeader>
            <Column isRowHeader>Organization</Column>
            <Column>Contact</Column>
            <Column>Quotes</Column>
            <Column>Invoices</Column>
            <Column>Seats</Column>
            <Column>Invoiced</Column>
            <Column>Paid</Column>
            <Column>Owed</Column>
          </TableHeader>
          <TableBody items={organizations.data} renderEmptyState={() => 'No organization matches.'}>
            {(o) => (
              <Row id={o.id} textValue={o.name}>
                <Cell label="Organization">{o.name}</Cell>
                <Cell label="Contact">
                  <span className="org-contact">
                    {o.contactName}
                    <br />
                    {o.contactEmail}
                  </span>
                </Cell>
                <Cell label="Quotes">{o.quotes}</Cell>
                <Cell label="Invoices">{o.invoices}</Cell>
                <Cell label="Seats">{o.seats}</Cell>
                <Cell label="Invoiced">{formatUsd(o.invoicedCents)}</Cell>
                <Cell label="Paid">{formatUsd(o.paidCents)}</Cell>
                <Cell label="Owed">{formatUsd(o.balanceCents)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      <QuoteForm
        organizations={organizations.data ?? []}
        onSent={() => void client.invalidateQueries({ queryKey: ['/api/admin/organizations'] })}
      />

      <h2 id="receivables-heading" className="admin-section-title">
        Receivables
      </h2>
      <div className="reports__controls">
        <Select
          label="Show"
          options={FILTERS}
          selectedKey={status}
          onSelectionChange={(key) => setStatus(String(key) as typeof status)}
        />
        <Button
          variant="outline"
          size="sm"
          onPress={() => void downloadCsv(`/api/admin/invoices/export.csv?status=${status}`, 'receivables.csv')}
        >
          Receivables (CSV)
        </Button>
      </div>
      {receivables.data && (
        <Table aria-labelledby="receivables-heading">
          <TableHeader>
            <Column isRowHeader>Invoice</Column>
            <Column>Organization</Column>
            <Column>PO number</Column>
            <Column>Due</Column>
            <Column>Total</Column>
            <Column>Paid</Column>
            <Column>Owed</Column>
          </TableHeader>
          <TableBody items={receivables.data} renderEmptyState={() => 'No invoice here.'}>
            {(r) => (
              <Row id={r.id} textValue={r.number}>
                <Cell label="Invoice">
                  {r.number}
                  {r.overdue ? ' (overdue)' : ''}
                </Cell>
                <Cell label="Organization">{r.organizationName}</Cell>
                <Cell label="PO number">{r.poNumber}</Cell>
                <Cell label="Due">{formatDayKey(dayOf(r.dueAt))}</Cell>
                <Cell label="Total">{formatUsd(r.totalCents)}</Cell>
                <Cell label="Paid">{formatUsd(r.paidCents)}</Cell>
                <Cell label="Owed">{formatUsd(r.balanceCents)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
