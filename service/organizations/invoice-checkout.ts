import { Hono } from 'hono';
import { z } from 'zod';
import type { EventMetadata } from '../../contracts/core/events.js';
import { WorkshopIdSchema } from '../../contracts/catalogue/workshop.js';
import {
  InvoiceCheckoutRequestSchema,
  type InvoiceCheckoutResponse,
} from '../../contracts/organizations/invoice-checkout.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { DEFAULT_PAYMENT_TERMS_DAYS, quoteStream } from '../../contracts/organizations/quotes.js';
import type { AppDeps } from '../core/deps.js';
import { notFound, Refused } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { schoolDay } from '../core/school-day.js';
import { validate } from '../core/validate.js';
import { findWorkshop } from '../catalogue/queries.js';
import { acceptQuote } from './accept-quote.js';
import { organizationLinksFor, type OrganizationLinks } from './links.js';
import { assignNumber } from './numbering-decider.js';
import { organizationDecider } from './organization-decider.js';
import { quoteDecider } from './quote-decider.js';
import { priceQuoteLines } from './quote-lines.js';
import { refuse } from './refusals.js';

const ParamSchema = z.object({ id: WorkshopIdSchema });
type Request = z.output<typeof InvoiceCheckoutRequestSchema>;
const UNKNOWN_WORKSHOP = 'We could not find that workshop.';

/**
 * A self-serve invoice checkout (issue 39 item 6), as the office would do it by hand: the
 * organization registered (its contact sealed like any organization's), a quote of one line drafted
 * for it (`self-serve`, valid today) and accepted at once, so the invoice is issued by the same
 * steps as an accepted quote (accept-quote.ts): the seats held on the workshop's stream until the
 * due date, then the year's next invoice number, then the invoice, whose e-mail the organization
 * e-mail reactor sends. The seats are checked against the schedule first for a clear answer; the
 * workshop's stream decides: seats taken meanwhile are the same 400 naming `seats`.
 */
export async function checkoutByInvoice(
  deps: AppDeps,
  links: OrganizationLinks,
  workshopId: string,
  request: Request,
  metadata: EventMetadata,
): Promise<InvoiceCheckoutResponse> {
  const workshop = await findWorkshop(deps.readStore, workshopId);
  if (!workshop || workshop.privateFor) throw notFound(UNKNOWN_WORKSHOP);
  const { seats } = request;
  if (!workshop.invoiceCheckout) throw refuse({ code: 'invoice_checkout_off' });
  const { minSeats } = workshop.invoiceCheckout;
  if (seats < minSeats) throw refuse({ code: 'seats_below_minimum', minSeats, seats });
  if (seats > workshop.spotsLeft) throw refuse({ code: 'seats_beyond_left', left: workshop.spotsLeft, seats });

  const at = metadata.at;
  const organizationId = deps.newId();
  await deps.commands.handle(
    organizationDecider,
    organizationStream(organizationId),
    { type: 'RegisterOrganization', organizationId, input: request.organization, source: 'self-serve', at },
    metadata,
  );
  const { lines, totalCents } = await priceQuoteLines(deps, [{ workshopId, seats }]);
  const terms = {
    lines,
    totalCents,
    paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
    validUntil: schoolDay(new Date(at)),
    note: '',
  };
  const quoteId = deps.newId();
  const { number } = await assignNumber(deps, 'quote', quoteId, at, metadata);
  await deps.commands.handle(
    quoteDecider,
    quoteStream(quoteId),
    { type: 'DraftQuote', quoteId, number, organizationId, terms, source: 'self-serve', at },
    metadata,
  );
  try {
    const accepted = await acceptQuote(deps, links, { quoteId, tokenVersion: 1, poNumber: request.poNumber }, metadata);
    return {
      invoiceId: accepted.invoiceId,
      invoiceNumber: accepted.invoiceNumber,
      invoicePath: `/invoice/${accepted.invoiceToken}`,
      dueAt: accepted.dueAt,
      position: accepted.position,
    };
  } catch (err) {
    if (err instanceof Refused && err.refusal.code === 'seats_short') {
      const { left } = err.refusal as { left: number };
      throw refuse({ code: 'seats_beyond_left', left, seats });
    }
    throw err;
  }
}

/** POST /workshops/:id/invoice-checkout (mounted under /api): anonymous, so rate limited. */
export function invoiceCheckoutRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.post(
    '/workshops/:id/invoice-checkout',
    rateLimit(deps),
    validate('param', ParamSchema),
    validate('json', InvoiceCheckoutRequestSchema),
    async (c) => {
      const links = organizationLinksFor(deps.config);
      if (!links) throw notFound(UNKNOWN_WORKSHOP);
      const metadata = requestMetadata(c, deps, 'visitor');
      const answer = await checkoutByInvoice(deps, links, c.req.valid('param').id, c.req.valid('json'), metadata);
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 201);
    },
  );
  return app;
}
