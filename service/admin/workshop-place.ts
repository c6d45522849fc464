import type { AdminWorkshopInput } from '../../contracts/admin/catalogue-forms.js';
import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { locationStream } from '../../contracts/locations/events.js';
import { addressLine } from '../../contracts/locations/location.js';
import { roomStream } from '../../contracts/locations/room-time.js';
import type { AppDeps } from '../core/deps.js';
import type { Place } from './catalogue-commands.js';
import { locationDecider, roomOf } from '../locations/location-decider.js';
import { refuse } from '../locations/refusals.js';
import { roomTimeDecider } from '../locations/room-time-decider.js';

const openLocation = async (deps: AppDeps, locationId: string) => {
  const state = await deps.commands.state(locationDecider, locationStream(locationId));
  if (state.phase !== 'open') throw refuse({ code: 'location_not_found' });
  return state;
};

/**
 * Where a form puts a workshop: the address line of the location it names without a `location`
 * text of its own (the text the schedule shows), and the zone its times are read on (issue 41
 * item 3): the location it names, else, for an edit that names none, the one it is at.
 */
export async function placeOf(deps: AppDeps, form: AdminWorkshopInput, currentLocationId?: string): Promise<Place> {
  const locationId = form.locationId ?? currentLocationId;
  if (!locationId) return {};
  const { record } = await openLocation(deps, locationId);
  return {
    ...(form.locationId && !form.location ? { placeText: addressLine(record.address) } : {}),
    timeZone: record.timeZone,
  };
}

/**
 * A workshop about to be saved at its place (issue 41 item 2): its location must be open, its room
 * one of the location's and large enough for its capacity (400 naming `capacity`); then every
 * session is booked on the room's own stream, `room-<id>`, with the stream's expected revision, so
 * of two offices saving overlapping classes in one room one wins and the other is refused (409
 * naming the booking it met). Only then is the workshop written; the `room-time` reactor keeps the
 * room's record following the workshop afterwards (a room left, a workshop removed).
 */
export async function placeWorkshop(deps: AppDeps, workshop: WorkshopData, metadata: EventMetadata): Promise<void> {
  if (!workshop.locationId) return;
  const location = await openLocation(deps, workshop.locationId);
  if (!workshop.roomId) return;
  const room = roomOf(location, workshop.roomId);
  if (workshop.capacity > room.capacity)
    throw refuse({ code: 'room_too_small', room: room.name, roomCapacity: room.capacity });
  await deps.commands.handle(
    roomTimeDecider,
    roomStream(room.id),
    {
      type: 'BookRoomTime',
      roomId: room.id,
      room: room.name,
      timeZone: location.record.timeZone,
      bookingId: workshop.id,
      title: workshop.title,
      spans: workshop.sessions.map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
      strict: true,
      at: metadata.at,
    },
    metadata,
  );
}
