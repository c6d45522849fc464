import type { ReadStore } from '../../platform/readstore/port.js';
import { INVOICES, type InvoiceDoc } from '../../projections/organizations/invoices.js';
import { CSV_BOM, csvLine, csvLineWithNumbers } from '../core/csv.js';
import { schoolDay } from '../core/school-day.js';

export const RECEIVABLES = ['open', 'overdue', 'paid', 'void'] as const;
export type Receivable = InvoiceDoc & { overdue: boolean };

/** An open invoice past its due date is overdue. */
const overdueAt = (doc: InvoiceDoc, now: Date) => doc.status === 'open' && Date.parse(doc.dueAt) < now.getTime();

/** The receivables (open, overdue, paid, void), by due date, from the `invoices` read model: each invoice once. */
export async function receivables(
  store: ReadStore,
  now: Date,
  filter: { status?: (typeof RECEIVABLES)[number]; organizationId?: string } = {},
): Promise<Receivable[]> {
  const { status, organizationId } = filter;
  const where = {
    ...(status ? { status: status === 'overdue' ? 'open' : status } : {}),
    ...(organizationId ? { organizationId } : {}),
  };
  const { items } = await store.find<InvoiceDoc>(INVOICES, {
    where,
    sort: [{ field: 'dueAt', direction: 'asc' }],
    limit: 10_000,
  });
  const docs = items.map((i) => ({ ...i.doc, overdue: overdueAt(i.doc, now) }));
  return status === 'overdue' ? docs.filter((d) => d.overdue) : docs;
}

/**
 * The dashboard's invoice figures, each invoice counted once: invoiced (less credit notes),
 * received (less refunds), outstanding, and the overdue invoices, the oldest first. Void invoices
 * count for nothing.
 */
export async function invoiceFigures(store: ReadStore, now: Date) {
  const all = (await receivables(store, now)).filter((d) => d.status !== 'void');
  const sum = (f: (d: Receivable) => number) => all.reduce((n, d) => n + f(d), 0);
  return {
    invoicedCents: sum((d) => d.totalCents - d.creditedCents),
    receivedCents: sum((d) => d.paidCents - d.refundedCents),
    outstandingCents: sum((d) => d.balanceCents),
    overdue: all
      .filter((d) => d.overdue)
      .map((d) => ({
        invoiceId: d.id,
        number: d.number,
        organizationName: d.organizationName,
        balanceCents: d.balanceCents,
        dueAt: d.dueAt,
      })),
  };
}

const usd = (cents: number) => ({ decimal: (cents / 100).toFixed(2) });
const HEADER = [
  'Invoice',
  'Organization',
  'PO number',
  'Quote',
  'Issued',
  'Due',
  'Status',
  'Seats',
  'Total (USD)',
  'Credited (USD)',
  'Paid (USD)',
  'Refunded (USD)',
  'Balance (USD)',
  'Paid on',
];

/** The receivables as the office's spreadsheet reads them: one line per invoice, days on the school's calendar. */
export function receivablesCsv(rows: Receivable[]): string {
  const day = (at: string | null) => (at ? schoolDay(new Date(at)) : '');
  const lines = rows.map((r) =>
    csvLineWithNumbers([
      r.number,
      r.organizationName,
      r.poNumber,
      r.quoteNumber,
      day(r.issuedAt),
      day(r.dueAt),
      r.overdue ? 'overdue' : r.status,
      r.seats,
      usd(r.totalCents),
      usd(r.creditedCents),
      usd(r.paidCents),
      usd(r.refundedCents),
      usd(r.balanceCents),
      day(r.paidAt),
    ]),
  );
  return CSV_BOM + [csvLine(HEADER), ...lines].join('');
}
