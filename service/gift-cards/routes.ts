import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { GiftCardPurchaseRequestSchema, type GiftCardBalance } from '../../contracts/gift-cards/api.js';
import { giftCardLast4 } from '../../contracts/gift-cards/code.js';
import { giftCardStream } from '../../contracts/gift-cards/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { giftCardHtml } from './card-html.js';
import { giftCardPdf, giftCardPdfFileName } from './card-pdf.js';
import { giftCardBalance, giftCardDecider } from './gift-card-decider.js';
import { UNKNOWN_GIFT_CARD } from './refusal-answers.js';
import { printedCard } from './gift-card-email.js';
import { giftCardIdOfTyped } from './gift-card-code.js';
import { orderGiftCard } from './purchase.js';

const CodeParamSchema = z.object({ code: z.string().max(40) });

/**
 * The public gift card calls, mounted under /api:
 * - POST /gift-cards: order a card (201 with the client secret to pay it, as an enrollment's);
 * - GET  /gift-cards/:code: its balance; an unknown or unpaid code is one 404 that tells nothing more;
 * - GET  /gift-cards/:code/card and /card.pdf: the printable card.
 * Each is an anonymous call under the shared rate limit, so codes cannot be tried at speed; their
 * addresses carry the code, so they answer with no Referer and are kept by no cache.
 */
export function giftCardRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  app.post('/gift-cards', limited, validate('json', GiftCardPurchaseRequestSchema), async (c) => {
    const answer = await orderGiftCard(deps, c.req.valid('json'), requestMetadata(c, deps, 'visitor'));
    return c.json(answer, 201);
  });

  /** The paid card a typed code opens, or the one 404. */
  const activeCard = async (c: Context) => {
    const typed = giftCardIdOfTyped(c.req.param('code') ?? '');
    if (!typed) throw notFound(UNKNOWN_GIFT_CARD);
    const state = await deps.commands.state(giftCardDecider, giftCardStream(typed.giftCardId), 1_000);
    if (state.status !== 'active') throw notFound(UNKNOWN_GIFT_CARD);
    return { state, code: typed.code };
  };

  app.get('/gift-cards/:code', limited, validate('param', CodeParamSchema), async (c) => {
    const { state } = await activeCard(c);
    return c.json({ balanceCents: giftCardBalance(state), currency: 'usd' } satisfies GiftCardBalance);
  });

  app.get('/gift-cards/:code/card', limited, validate('param', CodeParamSchema), async (c) => {
    const { state } = await activeCard(c);
    const { card, pdfUrl } = printedCard(deps.config, state.order);
    return c.html(giftCardHtml(card, pdfUrl));
  });

  app.get('/gift-cards/:code/card.pdf', limited, validate('param', CodeParamSchema), async (c) => {
    const { state, code } = await activeCard(c);
    const { card } = printedCard(deps.config, state.order);
    const bytes = await giftCardPdf(card, deps.clock());
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${giftCardPdfFileName(giftCardLast4(code))}"`);
    return c.body(new Uint8Array(bytes));
  });

  return app;
}
