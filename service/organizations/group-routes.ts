import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  NameAttendeesRequestSchema,
  invoiceStream,
  lineOfGroupId,
  type GroupBookingView,
} from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { findWorkshop } from '../catalogue/queries.js';
import { invoiceDecider, type IssuedState } from './invoice-decider.js';
import { organizationLinksFor } from './links.js';

const TokenParamSchema = z.object({ token: z.string().max(200) });
const UNKNOWN_GROUP = 'We could not find these seats. Please check the link in your e-mail.';
const HOUR_MS = 3_600_000;

/** The workshop of a line (its own, or a description-only line's private one once scheduled), as the page shows it. */
async function workshopOf(deps: AppDeps, state: IssuedState, line: number) {
  const item = state.invoice.lines[line];
  const workshopId = state.lineWorkshops[line];
  if (!item || !workshopId) return null;
  if (item.kind === 'workshop') {
    const { title, date, time, location } = item;
    return { id: workshopId, title, date, time, location };
  }
  const scheduled = await findWorkshop(deps.readStore, workshopId);
  return scheduled
    ? {
        id: workshopId,
        title: scheduled.title,
        date: scheduled.date,
        time: scheduled.time,
        location: scheduled.location,
      }
    : null;
}

/**
 * The coordinator's page of one line's seats, by its signed link `/group/<token>` (mounted under /api):
 * - GET /group-bookings/:token: the seats bought and who holds them, until when names can change;
 * - PUT /group-bookings/:token/attendees `{ attendees: [{ name, email, dietaryRestrictions? }] }`:
 *   the whole list as it now is, at most the seats bought (400 naming attendees), until
 *   GROUP_NAMES_CUTOFF_HOURS before the first session (409 after).
 * A forged token, or one of another purpose, is the one 404.
 */
export function groupBookingRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const groupOf = async (c: Context) => {
    const verified = organizationLinksFor(deps.config)?.group.verify(c.req.param('token') ?? '');
    const group = verified ? lineOfGroupId(verified.id) : null;
    if (!group) throw notFound(UNKNOWN_GROUP);
    const state = await deps.commands.state(invoiceDecider, invoiceStream(group.invoiceId));
    if (state.status === 'none') throw notFound(UNKNOWN_GROUP);
    const workshop = await workshopOf(deps, state, group.line);
    if (!workshop) throw notFound(UNKNOWN_GROUP);
    const cutoffAt = new Date(Date.parse(workshop.date) - deps.config.GROUP_NAMES_CUTOFF_HOURS * HOUR_MS).toISOString();
    c.header('Cache-Control', 'no-store');
    return { state, line: group.line, workshop, cutoffAt };
  };

  const viewOf = (group: Awaited<ReturnType<typeof groupOf>>, now: Date): GroupBookingView => ({
    organization: { name: group.state.invoice.buyer.name },
    invoiceNumber: group.state.invoice.number,
    workshop: group.workshop,
    seats: group.state.lineSeats[group.line] ?? 0,
    attendees: (group.state.attendees[group.line] ?? []).map(({ name, email, dietaryRestrictions }) => ({
      name,
      email,
      dietaryRestrictions,
    })),
    cutoffAt: group.cutoffAt,
    open: group.state.status !== 'void' && now.getTime() <= Date.parse(group.cutoffAt),
  });

  app.get('/group-bookings/:token', limited, validate('param', TokenParamSchema), async (c) =>
    c.json(viewOf(await groupOf(c), deps.clock())),
  );

  app.put(
    '/group-bookings/:token/attendees',
    limited,
    validate('param', TokenParamSchema),
    validate('json', NameAttendeesRequestSchema),
    async (c) => {
      const group = await groupOf(c);
      const { attendees } = c.req.valid('json');
      const metadata = requestMetadata(c, deps, 'visitor');
      const handled = await deps.commands.handle(
        invoiceDecider,
        invoiceStream(group.state.invoice.invoiceId),
        {
          type: 'NameAttendees',
          line: group.line,
          attendees,
          newIds: attendees.map(() => deps.newId()),
          organizationName: group.state.invoice.buyer.name,
          cutoffAt: group.cutoffAt,
          at: metadata.at,
        },
        metadata,
      );
      const state = handled.state as IssuedState;
      return c.json({ ...viewOf({ ...group, state }, deps.clock()), position: String(handled.position ?? 0n) });
    },
  );

  return app;
}
