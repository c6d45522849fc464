import { Hono } from 'hono';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import {
  MessageRecipientsQuerySchema,
  WorkshopMessageRequestSchema,
  type MessageRecipientCount,
  type WorkshopMessageAccepted,
  type WorkshopMessageView,
} from '../../contracts/messages/api.js';
import { workshopMessageStream, type MessageAudience } from '../../contracts/messages/events.js';
import type { WaitlistEntryView } from '../../contracts/waitlist/api.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import {
  rosterWorkshopKey,
  sessionKey,
  type RosterDoc,
  type RosterWorkshopDoc,
} from '../../projections/admin/roster.js';
import { WORKSHOP_MESSAGES, type WorkshopMessageDoc } from '../../projections/messages/workshop-messages.js';
import { findWorkshop } from '../catalogue/queries.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, conflict, notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { waitText } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { workshopMessageDecider } from './message-decider.js';
import { NO_WORKSHOP, recipientsOf } from './recipients.js';

/**
 * Messages one workshop may get: three at once (a notice, its correction, one more), then one
 * every 20 minutes. Families read every one of them; a slip of the mouse, a stuck button or a
 * stolen key must not flood them. Per workshop, in the shared buckets (MongoDB in production), so
 * every administrator and API process counts against the same allowance.
 */
export const MESSAGE_POLICY = { burst: 3, perMinute: 1 / 20 };

const noOneTo = (audience: MessageAudience, session: number | undefined) =>
  audience === 'waitlist'
    ? 'No one is waiting on this workshop’s waitlist (confirmed entries only), so there is no one to write to.'
    : session === undefined
      ? 'No family has a confirmed booking or a make-up in this workshop yet, so there is no one to write to.'
      : `No family is expected in session ${session} (every child booked reported missing it, and no make-up is booked in it), so there is no one to write to.`;

/** A booking on the roster that stands: confirmed (paid, or free), not cancelled. */
const standing = (doc: RosterDoc) => !doc.final && (doc.status === 'confirmed' || doc.status === 'paid');

/** Whether every child of the booking still coming reported missing `session` of the workshop. */
function allAbsent(doc: RosterDoc, workshopId: string, session: number): boolean {
  const left = new Set(doc.left ?? []);
  const coming = doc.participants.map((_, i) => i).filter((i) => !left.has(i));
  return coming.length > 0 && coming.every((i) => doc.absences?.[sessionKey(workshopId, session, i)]);
}

/** Families the read models show now: the preview of the count the message will be decided for. */
async function familiesNow(
  store: ReadStore,
  workshopId: string,
  audience: MessageAudience,
  session: number | undefined,
): Promise<number> {
  const emails: string[] = [];
  if (audience === 'waitlist') {
    const { items } = await store.find<WaitlistEntryView & Record<string, unknown>>('waitlists', {
      where: { workshopId },
    });
    for (const { doc } of items) if (doc.status === 'waiting' || doc.status === 'offered') emails.push(doc.email);
  } else {
    const listed = await store.get<RosterWorkshopDoc>('roster', rosterWorkshopKey(workshopId));
    const makeups = (listed?.doc.makeups ?? []).filter((m) => session === undefined || m.session === session);
    const docs = await store.getMany<RosterDoc>('roster', [
      ...(listed?.doc.enrollmentIds ?? []),
      ...makeups.map((m) => m.enrollmentId),
    ]);
    for (const { doc } of docs.values())
      if (
        doc.workshopId === workshopId &&
        standing(doc) &&
        (session === undefined || !allAbsent(doc, workshopId, session))
      )
        emails.push(doc.parent.email);
    for (const m of makeups) {
      const doc = docs.get(m.enrollmentId)?.doc;
      if (doc && standing(doc)) emails.push(doc.parent.email);
    }
  }
  return new Set(emails.map((e) => e.trim().toLowerCase())).size;
}

const viewOf = ({ marked: _marked, ...view }: WorkshopMessageDoc): WorkshopMessageView => view;

/**
 * The school writes to a workshop's families (behind the admin key gate; owners and managers):
 * - GET  /workshops/:id/messages/recipients?audience=: how many families it would reach now.
 * - POST /workshops/:id/messages `{ subject, body, audience }`: 202 once recorded with its
 *   recipients on its own stream; the reactor `workshop-message-email` e-mails each family once.
 * - GET  /workshops/:id/messages: the Messages list, newest first.
 */
export function adminMessageRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get(
    '/workshops/:id/messages/recipients',
    validate('param', CatalogueIdParamSchema),
    validate('query', MessageRecipientsQuerySchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { audience, session } = c.req.valid('query');
      if (!(await findWorkshop(deps.readStore, workshopId))) throw notFound(NO_WORKSHOP);
      c.header('Cache-Control', 'no-store');
      return c.json({
        workshopId,
        audience,
        ...(session !== undefined ? { session } : {}),
        families: await familiesNow(deps.readStore, workshopId, audience, session),
      } satisfies MessageRecipientCount);
    },
  );

  app.post(
    '/workshops/:id/messages',
    validate('param', CatalogueIdParamSchema),
    validate('json', WorkshopMessageRequestSchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { subject, body, audience, session } = c.req.valid('json');
      const recipients = await recipientsOf(deps, workshopId, audience, session);
      if (recipients.length === 0) throw conflict(noOneTo(audience, session));
      const { allowed, retryAfterMs } = await deps.rateLimits.take(
        `workshop-message:${workshopId}`,
        MESSAGE_POLICY,
        deps.clock().getTime(),
      );
      if (!allowed) {
        const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        throw new AppError(
          'rate_limited',
          `This workshop’s families have had several messages in a short time. So that nobody is flooded, please wait ${waitText(seconds)} before sending another, or call the families you must reach now.`,
          { retryAfterSeconds: seconds },
        );
      }
      const messageId = deps.newId();
      const metadata = requestMetadata(c, deps, 'admin');
      const { position } = await deps.commands.handle(
        workshopMessageDecider,
        workshopMessageStream(messageId),
        {
          type: 'WriteWorkshopMessage',
          message: {
            messageId,
            workshopId,
            audience,
            ...(session !== undefined ? { session } : {}),
            subject,
            body,
            recipients,
            writtenAt: metadata.at,
          },
        },
        metadata,
      );
      deps.log.info('workshop message written', { messageId, workshopId, audience, families: recipients.length });
      return c.json(
        {
          id: messageId,
          workshopId,
          audience,
          ...(session !== undefined ? { session } : {}),
          families: recipients.length,
          position: (position ?? (await deps.eventStore.headPosition())).toString(),
        } satisfies WorkshopMessageAccepted,
        202,
      );
    },
  );

  app.get(
    '/workshops/:id/messages',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      await awaitProjections(deps, c.req.valid('query').minPosition, [WORKSHOP_MESSAGES]);
      if (!(await findWorkshop(deps.readStore, workshopId))) throw notFound(NO_WORKSHOP);
      const { items } = await deps.readStore.find<WorkshopMessageDoc>(WORKSHOP_MESSAGES, {
        where: { workshopId },
        sort: [{ field: 'writtenAt', direction: 'desc' }],
      });
      c.header('Cache-Control', 'no-store');
      return c.json(items.map(({ doc }) => viewOf(doc)));
    },
  );

  return app;
}
