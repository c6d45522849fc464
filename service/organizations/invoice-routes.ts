import { Hono } from 'hono';
import { z } from 'zod';
import {
  CreditNoteRequestSchema,
  InvoiceIdSchema,
  InvoiceRefundRequestSchema,
  type InvoiceRefundResponse,
  RecordInvoicePaymentRequestSchema,
  VoidInvoiceRequestSchema,
  invoiceStream,
} from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { balanceDueOf, invoiceDecider, overpaidOf, type InvoiceState } from './invoice-decider.js';
import { creditNoteRefusal } from './invoice-decisions.js';
import { assignNumber } from './numbering-decider.js';
import { refuse } from './refusals.js';

const IdParamSchema = z.object({ id: InvoiceIdSchema });

/** A day the office typed is that day in Texas: noon UTC is on the same calendar day there. */
const instantOf = (receivedAt: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(receivedAt) ? `${receivedAt}T12:00:00.000Z` : new Date(receivedAt).toISOString();

const summaryOf = (id: string, state: InvoiceState, position: bigint | null) => {
  const issued = state.status === 'none' ? null : state;
  return {
    invoiceId: id,
    status: state.status,
    paidCents: issued ? issued.paidCents : 0,
    balanceCents: issued && issued.status !== 'void' ? balanceDueOf(issued) : 0,
    position: String(position ?? 0n),
  };
};

/**
 * The office's side of an invoice, mounted under /api/admin:
 * - POST /invoices/:id/payments `{ amountCents, method, reference, receivedAt }`: a payment it
 *   received; partial payments allowed, never beyond what is owed (400 naming amountCents);
 * - POST /invoices/:id/void `{ reason? }`: voids an invoice nothing is paid on; its seats are given
 *   back by the invoice seats workflow.
 */
export function adminInvoiceRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post(
    '/invoices/:id/payments',
    validate('param', IdParamSchema),
    validate('json', RecordInvoicePaymentRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { amountCents, method, reference, receivedAt } = c.req.valid('json');
      const metadata = requestMetadata(c, deps, 'admin');
      const paymentId = deps.newId();
      const handled = await deps.commands.handle(
        invoiceDecider,
        invoiceStream(id),
        {
          type: 'RecordInvoicePayment',
          paymentId,
          amountCents,
          method,
          reference,
          receivedAt: instantOf(receivedAt),
          recordedBy: 'office',
          at: metadata.at,
        },
        metadata,
      );
      return c.json({ paymentId, ...summaryOf(id, handled.state, handled.position) }, 201);
    },
  );

  app.post(
    '/invoices/:id/void',
    validate('param', IdParamSchema),
    validate('json', VoidInvoiceRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const metadata = requestMetadata(c, deps, 'admin');
      const handled = await deps.commands.handle(
        invoiceDecider,
        invoiceStream(id),
        { type: 'VoidInvoice', reason: c.req.valid('json').reason, at: metadata.at },
        metadata,
      );
      return c.json(summaryOf(id, handled.state, handled.position));
    },
  );

  /**
   * POST /invoices/:id/credit-notes `{ line, seats }` (seats cancelled: their share of the line's
   * amount) or `{ amountCents }`: checked on the invoice first, so a refused credit spends no
   * CN number; the seats are given back by the invoice seats workflow.
   */
  app.post(
    '/invoices/:id/credit-notes',
    validate('param', IdParamSchema),
    validate('json', CreditNoteRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const request = c.req.valid('json');
      const metadata = requestMetadata(c, deps, 'admin');
      const state = await deps.commands.state(invoiceDecider, invoiceStream(id));
      if (state.status === 'none') throw refuse({ code: 'invoice_unknown' });
      let credit: { amountCents: number; line?: number; seats?: number };
      if ('line' in request) {
        const item = state.invoice.lines[request.line];
        if (!item || item.kind !== 'workshop') throw refuse({ code: 'line_unknown', line: request.line });
        const amountCents = Math.round((item.amountCents * request.seats) / item.seats);
        credit = { amountCents, line: request.line, seats: request.seats };
      } else credit = { amountCents: request.amountCents };
      creditNoteRefusal(state, credit);
      const creditNoteId = deps.newId();
      const { number } = await assignNumber(deps, 'credit-note', creditNoteId, metadata.at, metadata);
      const handled = await deps.commands.handle(
        invoiceDecider,
        invoiceStream(id),
        {
          type: 'IssueCreditNote',
          creditNoteId,
          number,
          ...credit,
          reason: 'line' in request ? 'seats-cancelled' : 'refund',
          note: request.note,
          at: metadata.at,
        },
        metadata,
      );
      return c.json({ creditNoteId, number, ...summaryOf(id, handled.state, handled.position) }, 201);
    },
  );

  /**
   * POST /invoices/:id/refunds `{ amountCents, method, reference?, note? }`: money sent back to the
   * organization. What it takes beyond what was paid over the balance is credited first (a credit
   * note, reason refund); by check, ACH or wire it is recorded as the office sent it (`refund:
   * recorded`), by card it is asked of the provider by the invoice-refund reactor after the answer
   * (`refund: pending`).
   */
  app.post(
    '/invoices/:id/refunds',
    validate('param', IdParamSchema),
    validate('json', InvoiceRefundRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { amountCents, method, reference, note } = c.req.valid('json');
      const metadata = requestMetadata(c, deps, 'admin');
      const state = await deps.commands.state(invoiceDecider, invoiceStream(id));
      if (state.status === 'none') throw refuse({ code: 'invoice_unknown' });
      const requestId = deps.newId();
      const refund = {
        type: 'RefundInvoice' as const,
        requestId,
        amountCents,
        method,
        reference,
        note,
        at: metadata.at,
      };
      // Refused on the invoice as it stands before a credit note spends a CN number.
      const creditCents = Math.max(0, amountCents - overpaidOf(state));
      let creditNote: InvoiceRefundResponse['creditNote'] = null;
      if (creditCents > 0) {
        creditNoteRefusal(state, { amountCents: creditCents });
        invoiceDecider.decide(refund, invoiceDecider.evolve(state, creditedBy(state, creditCents)));
        const creditNoteId = deps.newId();
        const { number } = await assignNumber(deps, 'credit-note', creditNoteId, metadata.at, metadata);
        const credit = {
          creditNoteId,
          number,
          amountCents: creditCents,
          reason: 'refund' as const,
          note,
          at: metadata.at,
        };
        await deps.commands.handle(invoiceDecider, invoiceStream(id), { type: 'IssueCreditNote', ...credit }, metadata);
        creditNote = { creditNoteId, number, amountCents: creditCents };
      }
      const handled = await deps.commands.handle(invoiceDecider, invoiceStream(id), refund, metadata);
      const body: InvoiceRefundResponse = {
        ...summaryOf(id, handled.state, handled.position),
        refundId: requestId,
        refund: method === 'card' ? 'pending' : 'recorded',
        creditNote,
      };
      return c.json(body, 201);
    },
  );

  return app;
}

/** The invoice as a credit of `cents` would leave it: the refund is checked on it before the credit note is issued. */
const creditedBy = (state: Exclude<InvoiceState, { status: 'none' }>, cents: number) => ({
  type: 'CreditNoteIssued' as const,
  data: {
    invoiceId: state.invoice.invoiceId,
    creditNoteId: 'check',
    number: '',
    amountCents: cents,
    reason: 'refund' as const,
    note: '',
    issuedAt: state.invoice.issuedAt,
  },
});
