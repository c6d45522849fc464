import { Hono } from 'hono';
import { z } from 'zod';
import type { EventMetadata } from '../../contracts/core/events.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import {
  QuoteIdSchema,
  QuoteRequestSchema,
  quoteStream,
  type QuoteCreated,
} from '../../contracts/organizations/quotes.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { organizationDecider } from './organization-decider.js';
import { assignNumber } from './numbering-decider.js';
import { quoteDecider, type QuoteTerms } from './quote-decider.js';
import { priceQuoteLines } from './quote-lines.js';
import { refuse } from './refusals.js';

const IdParamSchema = z.object({ id: QuoteIdSchema });
type QuoteRequest = z.output<typeof QuoteRequestSchema>;

/** The request's terms priced now by the one pricing rule, for an organization that exists (else 404 naming organizationId). */
async function termsOf(deps: AppDeps, request: QuoteRequest): Promise<QuoteTerms> {
  const organization = await deps.commands.state(organizationDecider, organizationStream(request.organizationId));
  if (organization.status !== 'registered') throw refuse({ code: 'organization_unknown' });
  const { lines, totalCents } = await priceQuoteLines(deps, request.lines);
  const { paymentTermsDays, validUntil, note } = request;
  return { lines, paymentTermsDays, validUntil, note, totalCents };
}

const position = (p: bigint | null) => String(p ?? 0n);

/**
 * The office's quotes, mounted under /api/admin:
 * - POST /quotes: draft one, numbered Q-YYYY-NNNN (201 `{ quoteId, number }`);
 * - PUT  /quotes/:id: revise it (a new version; links to earlier versions say so);
 * - POST /quotes/:id/send: send it (the quote e-mail is the quotes reactor's, never the request's);
 * - POST /quotes/:id/withdraw.
 */
export function adminQuoteRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/quotes', validate('json', QuoteRequestSchema), async (c) => {
    const request = c.req.valid('json');
    const metadata = requestMetadata(c, deps, 'admin');
    const terms = await termsOf(deps, request);
    const quoteId = deps.newId();
    const { number } = await assignNumber(deps, 'quote', quoteId, metadata.at, metadata);
    const handled = await deps.commands.handle(
      quoteDecider,
      quoteStream(quoteId),
      {
        type: 'DraftQuote',
        quoteId,
        number,
        organizationId: request.organizationId,
        terms,
        source: 'office',
        at: metadata.at,
      },
      metadata,
    );
    return c.json({ quoteId, number, version: 1, position: position(handled.position) } satisfies QuoteCreated, 201);
  });

  app.put('/quotes/:id', validate('param', IdParamSchema), validate('json', QuoteRequestSchema), async (c) => {
    const { id } = c.req.valid('param');
    const metadata = requestMetadata(c, deps, 'admin');
    const before = await deps.commands.state(quoteDecider, quoteStream(id));
    if (before.status === 'none') throw refuse({ code: 'quote_unknown' });
    const terms = await termsOf(deps, { ...c.req.valid('json'), organizationId: before.organizationId });
    const handled = await deps.commands.handle(
      quoteDecider,
      quoteStream(id),
      { type: 'ReviseQuote', terms, at: metadata.at },
      metadata,
    );
    const s = handled.state as Exclude<typeof handled.state, { status: 'none' }>;
    return c.json({ quoteId: id, number: s.number, version: s.version, position: position(handled.position) });
  });

  const act = (type: 'SendQuote' | 'WithdrawQuote') =>
    async function (deps: AppDeps, id: string, metadata: EventMetadata) {
      const handled = await deps.commands.handle(quoteDecider, quoteStream(id), { type, at: metadata.at }, metadata);
      const s = handled.state as Exclude<typeof handled.state, { status: 'none' }>;
      return { quoteId: id, number: s.number, version: s.version, position: position(handled.position) };
    };
  app.post('/quotes/:id/send', validate('param', IdParamSchema), async (c) =>
    c.json(await act('SendQuote')(deps, c.req.valid('param').id, requestMetadata(c, deps, 'admin'))),
  );
  app.post('/quotes/:id/withdraw', validate('param', IdParamSchema), async (c) =>
    c.json(await act('WithdrawQuote')(deps, c.req.valid('param').id, requestMetadata(c, deps, 'admin'))),
  );

  return app;
}
