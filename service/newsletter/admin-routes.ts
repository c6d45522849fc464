import { Hono } from 'hono';
import { z } from 'zod';
import {
  announcementStream,
  WriteAnnouncementSchema,
  type AnnouncementAudiences,
  type AnnouncementPreview,
} from '../../contracts/newsletter/announcements.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { awaitProjections, MinPositionQuerySchema } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { ANNOUNCEMENTS, type AnnouncementDoc } from '../../projections/newsletter/announcements.js';
import { announcementDecider } from './announcement-decider.js';
import { announcementEmail } from './announcement-email.js';
import { audienceChoices } from './audience.js';
import { NEWSLETTER_DOMAIN } from './links.js';

const IdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an announcement id') });
const NO_SUCH = 'There is no such announcement.';
const OWNER_PREVIEW = 'preview@example.invalid';

/**
 * The owner's announcements (area `announcements`: the owner's alone), under /api/admin:
 * - POST /announcements { subject, body, audience? } → 201 { id, position };
 * - POST /announcements/preview { subject, body } → the e-mail as subscribers will read it;
 * - GET /announcements/audiences → { programs, locations } families have booked;
 * - GET /announcements → { announcements }: each with its status and counts;
 * - POST /announcements/:id/test → 202: a test to the owner, as subscribers will get it;
 * - POST /announcements/:id/send → 202: the sending pass delivers it at NEWSLETTER_SEND_PER_MINUTE.
 * Who wrote and who sent each is the events' `metadata.administrator`.
 */
export function adminAnnouncementRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/announcements', validate('json', WriteAnnouncementSchema), async (c) => {
    const { subject, body, audience } = c.req.valid('json');
    const id = deps
      .newId()
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 64);
    const { position } = await deps.commands.handle(
      announcementDecider,
      announcementStream(id),
      {
        type: 'WriteAnnouncement',
        announcement: {
          announcementId: id,
          subject,
          body,
          ...(audience ? { audience } : {}),
          writtenAt: deps.clock().toISOString(),
        },
      },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ id, position: position?.toString() ?? null }, 201);
  });

  app.post('/announcements/preview', validate('json', WriteAnnouncementSchema), (c) => {
    const { subject, body } = c.req.valid('json');
    const base = deps.config.PUBLIC_URL ?? new URL(c.req.url).origin;
    // Each subscriber's message carries their own signed link; the preview shows where it goes.
    const sample = `${base}/newsletter/unsubscribe/your-own-link`;
    const message = announcementEmail(OWNER_PREVIEW, { subject, body }, '<preview>', {
      page: sample,
      post: sample,
      mailto: `mailto:unsubscribe@${NEWSLETTER_DOMAIN}`,
    });
    const preview: AnnouncementPreview = { subject: message.subject, html: message.html ?? '', text: message.text };
    return c.json(preview);
  });

  app.get('/announcements/audiences', async (c) => {
    const choices: AnnouncementAudiences = await audienceChoices(deps);
    return c.json(choices);
  });

  app.get('/announcements', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [ANNOUNCEMENTS]);
    const { items } = await deps.readStore.find<AnnouncementDoc>(ANNOUNCEMENTS, {
      sort: [{ field: 'writtenAt', direction: 'desc' }],
      limit: 100,
    });
    return c.json({ announcements: items.map((i) => i.doc) });
  });

  const existing = async (id: string) => {
    const state = await deps.commands.state(announcementDecider, announcementStream(id));
    if (state.phase === 'none') throw notFound(NO_SUCH);
    return state;
  };

  app.post('/announcements/:id/test', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await existing(id);
    const testId = deps
      .newId()
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 64);
    await deps.commands.handle(
      announcementDecider,
      announcementStream(id),
      { type: 'RequestTest', announcementId: id, testId, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ id, test: 'queued' }, 202);
  });

  app.post('/announcements/:id/send', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await existing(id);
    const sent = await deps.commands.handle(
      announcementDecider,
      announcementStream(id),
      {
        type: 'SendAnnouncement',
        announcementId: id,
        perMinute: deps.config.NEWSLETTER_SEND_PER_MINUTE,
        at: deps.clock().toISOString(),
      },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ id, status: sent.state.phase, position: sent.position?.toString() ?? null }, 202);
  });

  return app;
}
