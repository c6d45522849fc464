import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invoiceStream } from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { invoiceDecider } from './invoice-decider.js';
import { invoicePdf, invoicePdfFileName } from './invoice-pdf.js';
import { invoiceViewOf } from './invoice-view.js';
import { organizationLinksFor } from './links.js';

const TokenParamSchema = z.object({ token: z.string().max(200) });
const UNKNOWN_INVOICE = 'We could not find that invoice. Please check the link in your e-mail.';

/**
 * The invoice's page by its signed link `/invoice/<token>` (mounted under /api):
 * - GET /invoices/:token: the invoice as the page shows it;
 * - GET /invoices/:token/invoice.pdf: the same as a PDF.
 * A forged token, or one of another purpose, is the one 404. Anonymous calls: rate limited, never cached.
 */
export function invoiceLinkRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const viewOf = async (c: Context) => {
    const token = c.req.param('token') ?? '';
    const verified = organizationLinksFor(deps.config)?.invoice.verify(token);
    if (!verified) throw notFound(UNKNOWN_INVOICE);
    const state = await deps.commands.state(invoiceDecider, invoiceStream(verified.id));
    if (state.status === 'none') throw notFound(UNKNOWN_INVOICE);
    c.header('Cache-Control', 'no-store');
    return invoiceViewOf(state, deps.config, token, deps.clock());
  };

  app.get('/invoices/:token', limited, validate('param', TokenParamSchema), async (c) => c.json(await viewOf(c)));

  app.get('/invoices/:token/invoice.pdf', limited, validate('param', TokenParamSchema), async (c) => {
    const view = await viewOf(c);
    const bytes = await invoicePdf(view, deps.clock());
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${invoicePdfFileName(view.number)}"`);
    return c.body(new Uint8Array(bytes));
  });

  return app;
}
