import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invoiceStream } from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { invoiceDecider, type IssuedState } from './invoice-decider.js';
import { creditNotePdf, creditNotePdfFileName } from './credit-note-pdf.js';
import { invoicePdf, invoicePdfFileName } from './invoice-pdf.js';
import { invoiceViewOf } from './invoice-view.js';
import { organizationLinksFor } from './links.js';
import { createInvoiceIntent } from './invoice-card-payment.js';
import { requestMetadata } from '../core/metadata.js';

const TokenParamSchema = z.object({ token: z.string().max(200) });
const CreditNoteParamSchema = TokenParamSchema.extend({ creditNoteId: z.string().max(64) });
const UNKNOWN_INVOICE = 'We could not find that invoice. Please check the link in your e-mail.';
const UNKNOWN_CREDIT_NOTE = 'We could not find that credit note on this invoice.';

/**
 * The invoice's page by its signed link `/invoice/<token>` (mounted under /api):
 * - GET /invoices/:token: the invoice as the page shows it;
 * - GET /invoices/:token/invoice.pdf: the same as a PDF;
 * - GET /invoices/:token/credit-notes/:creditNoteId/credit-note.pdf: one of its credit notes as a PDF;
 * - POST /invoices/:token/payment: the card form's PaymentIntent for what is owed now
 *   (`{ clientSecret, amountCents, paymentIntentId }`), paid and verified like any intent.
 * A forged token, or one of another purpose, is the one 404. Anonymous calls: rate limited, never cached.
 */
export function invoiceLinkRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const invoiceIdOf = (c: Context) => {
    const verified = organizationLinksFor(deps.config)?.invoice.verify(c.req.param('token') ?? '');
    if (!verified) throw notFound(UNKNOWN_INVOICE);
    return verified.id;
  };
  const stateOf = async (c: Context) => {
    const state = await deps.commands.state(invoiceDecider, invoiceStream(invoiceIdOf(c)));
    if (state.status === 'none') throw notFound(UNKNOWN_INVOICE);
    c.header('Cache-Control', 'no-store');
    return state;
  };
  const viewOf = async (c: Context, state?: IssuedState) =>
    invoiceViewOf(state ?? (await stateOf(c)), deps.config, c.req.param('token') ?? '', deps.clock());

  app.get('/invoices/:token', limited, validate('param', TokenParamSchema), async (c) => c.json(await viewOf(c)));

  app.get('/invoices/:token/invoice.pdf', limited, validate('param', TokenParamSchema), async (c) => {
    const view = await viewOf(c);
    const bytes = await invoicePdf(view, deps.clock());
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${invoicePdfFileName(view.number)}"`);
    return c.body(new Uint8Array(bytes));
  });

  app.get(
    '/invoices/:token/credit-notes/:creditNoteId/credit-note.pdf',
    limited,
    validate('param', CreditNoteParamSchema),
    async (c) => {
      const state = await stateOf(c);
      const issued = state.creditNotes.find((n) => n.creditNoteId === c.req.valid('param').creditNoteId);
      const view = await viewOf(c, state);
      const note = view.creditNotes.find((n) => n.creditNoteId === issued?.creditNoteId);
      if (!issued || !note) throw notFound(UNKNOWN_CREDIT_NOTE);
      const seats =
        issued.line !== undefined && issued.seats !== undefined
          ? { line: issued.line, seats: issued.seats }
          : undefined;
      const bytes = await creditNotePdf(view, note, seats, deps.clock());
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${creditNotePdfFileName(note.number)}"`);
      return c.body(new Uint8Array(bytes));
    },
  );

  app.post('/invoices/:token/payment', limited, validate('param', TokenParamSchema), async (c) => {
    const invoiceId = invoiceIdOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await createInvoiceIntent(deps, invoiceId, requestMetadata(c, deps, 'visitor')));
  });

  return app;
}
