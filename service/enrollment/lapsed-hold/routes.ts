import { Hono } from 'hono';
import { z } from 'zod';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { lapsedHoldNotesStream, type LapsedHoldRefill } from '../../../contracts/enrollment/lapsed-hold-notes.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { requestMetadata } from '../../core/metadata.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { purposeTokensFor } from '../../core/purpose-tokens.js';
import { rateLimit } from '../../core/rate-limit.js';
import { validate } from '../../core/validate.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { lapsedHoldNoteDecider } from './lapsed-hold-note-decider.js';
import { REFILL_PURPOSE, STOP_PURPOSE } from './lapsed-hold-note-reactor.js';
import { stopPage } from './stop-page.js';

const TokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'is not a link token') });

const REFILL_GONE = 'This link was already used or is not valid. Please fill in the enroll form.';
const STOP_INVALID = 'This link is not valid. Please open the link from the e-mail again.';

/**
 * The lapsed-hold note's links, under /api (rate-limited like every anonymous write):
 * - POST /enroll/refill/:token: the enroll form's fields from the lapsed booking, once (a second
 *   use, a forged token: the same 404);
 * - GET /hold-notes/stop/:token: a page with a button; POST: no more such notes to the address.
 */
export function lapsedHoldRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);
  const refills = purposeTokensFor(deps.config, REFILL_PURPOSE);
  const stops = purposeTokensFor(deps.config, STOP_PURPOSE);

  app.post('/enroll/refill/:token', limited, validate('param', TokenParamSchema), async (c) => {
    const signed = refills.verify(c.req.valid('param').token);
    if (!signed || signed.version !== 0) throw notFound(REFILL_GONE);
    const enrollmentId = signed.id;
    const lapsed = (await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId))).submission;
    if (!lapsed?.workshopId) throw notFound(REFILL_GONE);
    const used = await deps.commands.handle(
      lapsedHoldNoteDecider,
      lapsedHoldNotesStream(pseudonymsFor(deps.config).email(lapsed.form.email)),
      { type: 'UseLapsedHoldRefill', workshopId: lapsed.workshopId, enrollmentId, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    if (used.events.length === 0) throw notFound(REFILL_GONE);
    const { firstName, lastName, email, phone } = lapsed.form;
    const body: LapsedHoldRefill = {
      workshopId: lapsed.workshopId,
      form: { firstName, lastName, email, phone, participants: lapsed.participants },
    };
    return c.json(body);
  });

  app.get('/hold-notes/stop/:token', validate('param', TokenParamSchema), (c) => {
    if (!stops.verify(c.req.valid('param').token)) throw notFound(STOP_INVALID);
    return c.html(stopPage(c.req.path));
  });

  app.post('/hold-notes/stop/:token', limited, validate('param', TokenParamSchema), async (c) => {
    const signed = stops.verify(c.req.valid('param').token);
    if (!signed || signed.version !== 0) throw notFound(STOP_INVALID);
    await deps.commands.handle(
      lapsedHoldNoteDecider,
      lapsedHoldNotesStream(signed.id),
      { type: 'StopLapsedHoldNotes', at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'visitor'),
    );
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(stopPage(null));
    return c.json({ stopped: true });
  });

  return app;
}
