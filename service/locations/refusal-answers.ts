import type { LocationRefusal } from '../../contracts/locations/refusals.js';
import { zonedTimeText, zonedClockText } from '../../contracts/locations/zone-clock.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the locations' refusals (contracts/locations/refusals.ts): their part of the one table. */
export const LOCATION_REFUSAL_ANSWERS: RefusalAnswers<LocationRefusal> = {
  location_not_found: {
    field: 'locationId',
    words: () => 'We could not find that location. It may have been removed.',
  },
  location_exists: { words: () => 'This location has been opened already.' },
  location_slug_taken: {
    field: 'slug',
    words: (r) => `Another location already has the slug "${r.slug}": choose another.`,
  },
  room_not_found: {
    field: 'rooms',
    words: (r) => `This location has no room ${r.roomId}: leave the id out to add a new room.`,
  },
  room_not_in_location: {
    field: 'roomId',
    words: () => 'That room is not one of this location’s rooms: choose one of its rooms, or none.',
  },
  room_taken: {
    field: 'roomId',
    words: (r) =>
      `${r.room} is booked then for "${r.title}" (${r.bookingId}) from ${zonedTimeText(r.startsAt, r.timeZone)} to ${zonedClockText(r.endsAt, r.timeZone)}: choose another room or time.`,
  },
  room_too_small: {
    field: 'capacity',
    words: (r) => `Capacity is more than ${r.room} holds (${r.roomCapacity}): lower it or choose a larger room.`,
  },
};
