import { Hono } from 'hono';
import { z } from 'zod';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import {
  JoinWaitlistRequestSchema,
  LeaveWaitlistRequestSchema,
  WaitlistConfirmRequestSchema,
  WaitlistTokenSchema,
  type LeaveWaitlistResponse,
  type WaitlistConfirmResponse,
  type WaitlistOfferView,
} from '../../contracts/waitlist/api.js';
import type { AppDeps } from '../core/deps.js';
import { conflict, notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { clientAddress } from '../core/client-address.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { OFFER_ENDED } from '../enrollment/sale/enroll-workshop.js';
import { joinWaitlist } from './join.js';
import { findOfferEntry } from './offer-lookup.js';
import { waitlistLinksFor } from './tokens.js';
import { positionOf, waitlistDecider } from './waitlist-decider.js';
import { refuse } from './refusals.js';

const OfferQuerySchema = z.object({ token: WaitlistTokenSchema });

const LEAVE_LINK_INVALID =
  'This leave link is not valid. Please open the link from your waitlist e-mail again, or contact us.';

/**
 * The waitlist slice's public routes, mounted under /api:
 * - POST /workshops/{id}/waitlist: join (rate-limited like every anonymous write): 202, the same
 *   answer for every e-mail; the entry counts once confirmed;
 * - POST /waitlist/confirm { token }: confirmed from the join e-mail's link, answers the place;
 * - GET /workshops/{id}/waitlist/offer?token=: the offer a link opens, for the enroll page;
 * - POST /waitlist/leave { token }: leave, from the link in the e-mail (a standing offer is declined).
 */
export function waitlistRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  app.post(
    '/workshops/:id/waitlist',
    limited,
    validate('param', CatalogueIdParamSchema),
    validate('json', JoinWaitlistRequestSchema),
    async (c) => {
      const result = await joinWaitlist(
        deps,
        c.req.valid('param').id,
        c.req.valid('json'),
        requestMetadata(c, deps, 'visitor'),
        clientAddress(c),
      );
      return c.json(result, 202);
    },
  );

  // A forged or damaged token, an entry that never was: one 404, the same each time.
  app.post('/waitlist/confirm', limited, validate('json', WaitlistConfirmRequestSchema), async (c) => {
    const named = waitlistLinksFor(deps.config).readConfirmToken(c.req.valid('json').token);
    if (!named) throw refuse({ code: 'confirm_link_invalid' });
    const { workshopId, entryId } = named;
    const confirmed = await deps.commands.handle(
      waitlistDecider,
      waitlistStream(workshopId),
      { type: 'ConfirmEntry', entryId, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    deps.log.info(confirmed.events.length > 0 ? 'waitlist entry confirmed' : 'waitlist confirmation repeated', {
      workshopId,
      entryId,
    });
    const body: WaitlistConfirmResponse = { position: positionOf(confirmed.state, entryId) };
    return c.json(body);
  });

  app.get(
    '/workshops/:id/waitlist/offer',
    validate('param', CatalogueIdParamSchema),
    validate('query', OfferQuerySchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const entry = await findOfferEntry(deps, workshopId, c.req.valid('query').token);
      if (!entry?.offer) throw notFound(OFFER_ENDED);
      const view: WaitlistOfferView = {
        workshopId,
        seats: entry.offer.seats,
        expiresAt: entry.offer.expiresAt,
        firstName: entry.firstName,
        prefill: {
          firstName: entry.firstName,
          lastName: entry.lastName,
          email: entry.email,
          phone: entry.phone,
          participants: entry.offer.seats,
        },
      };
      return c.json(view);
    },
  );

  app.post('/waitlist/leave', limited, validate('json', LeaveWaitlistRequestSchema), async (c) => {
    const named = waitlistLinksFor(deps.config).readLeaveToken(c.req.valid('json').token);
    if (!named) throw validationError(LEAVE_LINK_INVALID, [{ path: 'token', message: LEAVE_LINK_INVALID }]);
    const { workshopId, entryId } = named;
    const left = await deps.commands.handle(
      waitlistDecider,
      waitlistStream(workshopId),
      (state) => {
        const i = state.byId[entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        if (!entry) throw notFound(LEAVE_LINK_INVALID);
        if (entry.status === 'accepted')
          throw conflict('You already enrolled with the seats offered to you, so there is no waitlist place to leave.');
        return { type: 'LeaveWaitlist' as const, entryId, at: deps.clock().toISOString() };
      },
      requestMetadata(c, deps, 'visitor'),
    );
    const event = left.events[0];
    // The offer's seats go to the next family through the waitlist reactor (on WaitlistLeft).
    const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId), Infinity);
    const body: LeaveWaitlistResponse = {
      left: true,
      workshopTitle: ledger.workshop?.title ?? 'the workshop',
      declinedOffer: Boolean(event?.type === 'WaitlistLeft' && event.data.offerId),
    };
    deps.log.info('waitlist left', { workshopId, entryId, declinedOffer: body.declinedOffer });
    return c.json(body);
  });

  return app;
}

/** What the enrollment route asks to take an offer's seats (see OfferLookup in enroll-workshop.ts). */
export const offerLookupFor = (deps: AppDeps) => async (workshopId: string, token: string) => {
  const entry = await findOfferEntry(deps, workshopId, token);
  return entry?.offer ? { offerId: entry.offer.offerId } : null;
};
