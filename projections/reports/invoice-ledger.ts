import type { InvoiceEvent } from '../../contracts/organizations/invoices.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { collapse, recognitionOf, type LedgerItem, type LedgerLine } from './ledger-lines.js';

/**
 * An organization's invoice in the ledger (record 125): its money received and refunded, by school
 * day, and its recognition. `items` are the invoice's lines in order (a workshop line's category is
 * its workshop's, read with the ledger: '' here); `lineDays` the school day each line is held on
 * (null: a description-only line, recognized as the money moves); `amounts` each line's amount,
 * over which a payment is shared.
 */
export type InvoiceLedgerDoc = {
  kind: 'invoice';
  items: LedgerItem[];
  lineDays: (string | null)[];
  amounts: number[];
  lines: LedgerLine[];
};

/** Exactly `cents` shared over lines in proportion to their amounts (the shares add up to `cents`). */
function sharedOver(cents: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (total === 0) return amounts.map((_, i) => (i === 0 ? cents : 0));
  let before = 0;
  return amounts.map((amount) => {
    const share = Math.trunc((cents * (before + amount)) / total) - Math.trunc((cents * before) / total);
    before += amount;
    return share;
  });
}

/** Money received (`booked`) or paid back (`refunded`) on `at`'s school day, shared over the lines and recognized on their days. */
function moved(doc: InvoiceLedgerDoc, at: string, kind: 'booked' | 'refunded', cents: number): InvoiceLedgerDoc {
  const day = schoolDayOf(at);
  const lines = sharedOver(cents, doc.amounts).flatMap((share, item): LedgerLine[] => {
    if (share === 0) return [];
    const lineDay = doc.lineDays[item];
    const signed = kind === 'booked' ? share : -share;
    return [
      { day, kind, source: 'invoice', ...(kind === 'refunded' ? { to: 'card' as const } : {}), cents: share, item },
      ...recognitionOf(signed, day, lineDay ? [lineDay] : [], 'invoice', item),
    ];
  });
  return { ...doc, lines: collapse([...doc.lines, ...lines]) };
}

export const INVOICE_LEDGER_TYPES = ['InvoiceIssued', 'InvoicePaymentRecorded', 'InvoiceRefundRecorded'] as const;
type Input = Extract<InvoiceEvent, { type: (typeof INVOICE_LEDGER_TYPES)[number] }>;

/**
 * The ledger counts an invoice's money as it is received, like a card's (record 125): what the
 * office or the card recorded against it is booked with the source `invoice`, what went back is
 * refunded. Issuing, crediting and voiding move no money; a card's overpayment, refunded as it
 * came, is never the invoice's (InvoiceOverpaid, InvoiceOverpaymentRefunded: not read), as the
 * dashboard's invoice figures count it.
 */
export function projectInvoice(current: InvoiceLedgerDoc | null, e: Input): InvoiceLedgerDoc | undefined {
  if (e.type === 'InvoiceIssued')
    return {
      kind: 'invoice',
      items: e.data.lines.map((line) => ({
        kind: 'workshop',
        workshopId: line.kind === 'workshop' ? line.workshopId : null,
        programId: null,
        category: '',
        location: line.kind === 'workshop' ? line.location : '',
      })),
      lineDays: e.data.lines.map((line) =>
        line.kind === 'workshop' && !Number.isNaN(Date.parse(line.date)) ? schoolDayOf(line.date) : null,
      ),
      amounts: e.data.lines.map((line) => line.amountCents),
      lines: current?.lines ?? [],
    };
  if (!current) return undefined;
  if (e.type === 'InvoicePaymentRecorded') return moved(current, e.data.receivedAt, 'booked', e.data.amountCents);
  return moved(current, e.data.refundedAt, 'refunded', e.data.amountCents);
}
