import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a location or a room's time refuses, as data (worded in service/locations/refusal-answers.ts). */
export type LocationRefusal =
  | { code: 'location_not_found' }
  | { code: 'location_exists' }
  /** Another location has this slug (its page's address). */
  | { code: 'location_slug_taken'; slug: string }
  /** An edit names a room this location does not have. */
  | { code: 'room_not_found'; roomId: string }
  /** A workshop names a room of another location, or none of this one. */
  | { code: 'room_not_in_location'; roomId: string }
  /** The room is booked then by another class (the `room-<id>` stream). */
  | {
      code: 'room_taken';
      room: string;
      bookingId: string;
      title: string;
      startsAt: string;
      endsAt: string;
      timeZone: string;
    }
  /** A class holds more than its room. */
  | { code: 'room_too_small'; room: string; roomCapacity: number };

export const LOCATION_REFUSAL_KINDS: RefusalKinds<LocationRefusal> = {
  location_not_found: 'not_found',
  location_exists: 'conflict',
  location_slug_taken: 'conflict',
  room_not_found: 'not_found',
  room_not_in_location: 'validation',
  room_taken: 'conflict',
  room_too_small: 'validation',
};
