import { Hono } from 'hono';
import { z } from 'zod';
import { TAX_NOTE, invoiceStream } from '../../contracts/organizations/invoices.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { AcceptQuoteRequestSchema, quoteStream, type QuoteView } from '../../contracts/organizations/quotes.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { acceptQuote } from './accept-quote.js';
import { invoiceDecider } from './invoice-decider.js';
import { organizationLinksFor, type OrganizationLinks } from './links.js';
import { organizationDecider } from './organization-decider.js';
import { quoteDecider, quoteStatusAt } from './quote-decider.js';
import { refuse } from './refusals.js';

const TokenParamSchema = z.object({ token: z.string().max(200) });
const UNKNOWN_QUOTE = 'We could not find that quote. Please check the link in your e-mail.';

/**
 * The organization's contact's quote, by its signed link `/quote/<token>` (mounted under /api):
 * - GET  /quotes/:token: the lines, prices, total, terms and validity; a link of an earlier
 *   version answers 410 saying the quote was revised;
 * - POST /quotes/:token/accept `{ poNumber? }`: accepts it and issues the invoice (accept-quote.ts).
 * A forged token, or one of another purpose, is the one 404. Anonymous calls: rate limited.
 */
export function quoteLinkRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const linksOf = (): OrganizationLinks => {
    const links = organizationLinksFor(deps.config);
    if (!links) throw notFound(UNKNOWN_QUOTE);
    return links;
  };
  const quoteOf = async (token: string) => {
    const links = linksOf();
    const verified = links.quote.verify(token);
    if (!verified) throw notFound(UNKNOWN_QUOTE);
    const state = await deps.commands.state(quoteDecider, quoteStream(verified.id));
    if (state.status === 'none') throw notFound(UNKNOWN_QUOTE);
    return { links, state, version: verified.version };
  };

  app.get('/quotes/:token', limited, validate('param', TokenParamSchema), async (c) => {
    const { links, state, version } = await quoteOf(c.req.valid('param').token);
    if (version !== state.version) throw refuse({ code: 'quote_revised', version: state.version });
    const organization = await deps.commands.state(organizationDecider, organizationStream(state.organizationId));
    let invoice: QuoteView['invoice'] = null;
    if (state.status === 'accepted') {
      const issued = await deps.commands.state(invoiceDecider, invoiceStream(state.acceptance.invoiceId));
      if (issued.status !== 'none')
        invoice = { number: issued.invoice.number, token: links.invoice.token(issued.invoice.invoiceId) };
    }
    c.header('Cache-Control', 'no-store');
    return c.json({
      number: state.number,
      version: state.version,
      status: quoteStatusAt(state, deps.clock()),
      organization: { name: organization.status === 'registered' ? organization.record.name : '' },
      lines: state.terms.lines,
      subtotalCents: state.terms.totalCents,
      taxCents: 0,
      totalCents: state.terms.totalCents,
      taxNote: TAX_NOTE,
      paymentTermsDays: state.terms.paymentTermsDays,
      validUntil: state.terms.validUntil,
      note: state.terms.note,
      invoice,
    } satisfies QuoteView);
  });

  app.post(
    '/quotes/:token/accept',
    limited,
    validate('param', TokenParamSchema),
    validate('json', AcceptQuoteRequestSchema),
    async (c) => {
      const { links, state, version } = await quoteOf(c.req.valid('param').token);
      const metadata = requestMetadata(c, deps, 'visitor');
      const request = { quoteId: state.quoteId, tokenVersion: version, poNumber: c.req.valid('json').poNumber };
      return c.json(await acceptQuote(deps, links, request, metadata));
    },
  );

  return app;
}
