import { Hono } from 'hono';
import { z } from 'zod';
import { locationStream } from '../../contracts/locations/events.js';
import {
  LocationIdSchema,
  LocationInputSchema,
  type LocationInput,
  type LocationRecord,
  type LocationWriteResult,
} from '../../contracts/locations/location.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { locationDecider, type LocationCommand } from './location-decider.js';
import { findLocationBySlug, listLocations } from './queries.js';
import { refuse } from './refusals.js';

const IdParam = z.object({ id: LocationIdSchema });

/** The record as events carry it: optional texts left empty are left out. */
export const locationRecordOf = (locationId: string, input: LocationInput): LocationRecord => {
  const { rooms: _rooms, address, ...rest } = input;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  const { line2, ...lines } = address;
  return {
    ...(kept as Omit<LocationRecord, 'locationId' | 'address'>),
    locationId,
    address: { ...lines, ...(line2 ? { line2 } : {}) },
  };
};

/**
 * The school's locations and their rooms (issue 41 item 1), each decided on its `location-<id>`
 * stream. A slug is checked against the `locations` read model: two offices opening two locations
 * with one slug in the same instant is not a case a school of a few places meets.
 */
export function adminLocationRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const slugFree = async (slug: string, id: string) => {
    const holder = await findLocationBySlug(deps.readStore, slug);
    if (holder && holder.id !== id) throw refuse({ code: 'location_slug_taken', slug });
  };

  const write = async (
    c: Parameters<typeof requestMetadata>[0],
    id: string,
    command: LocationCommand,
    status: 200 | 201,
  ) => {
    const { position, state } = await deps.commands.handle(
      locationDecider,
      locationStream(id),
      command,
      requestMetadata(c, deps, 'admin'),
    );
    const head = position ?? (await deps.eventStore.headPosition());
    const rooms = state.phase === 'open' ? [...state.rooms] : [];
    const answer: LocationWriteResult = { id, rooms, position: head.toString() };
    deps.log.info(status === 201 ? 'location opened' : 'location updated', { locationId: id });
    return c.json(answer, status);
  };

  app.get('/locations', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [LOCATIONS]);
    c.header('Cache-Control', 'no-store');
    return c.json(await listLocations(deps.readStore));
  });

  app.post('/locations', validate('json', LocationInputSchema), async (c) => {
    const input = c.req.valid('json');
    const id = deps.newId();
    await slugFree(input.slug, id);
    const rooms = input.rooms.map(({ name, capacity }) => ({ id: deps.newId(), name, capacity }));
    const at = deps.clock().toISOString();
    return write(c, id, { type: 'OpenLocation', record: locationRecordOf(id, input), rooms, at }, 201);
  });

  app.put('/locations/:id', validate('param', IdParam), validate('json', LocationInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    await slugFree(input.slug, id);
    const newRoomIds = input.rooms.filter((r) => !r.id).map(() => deps.newId());
    const at = deps.clock().toISOString();
    const record = locationRecordOf(id, input);
    return write(c, id, { type: 'UpdateLocation', record, rooms: input.rooms, newRoomIds, at }, 200);
  });

  return app;
}
