import type { locationEventSchemas } from '../locations/events.js';
import type { roomTimeEventSchemas } from '../locations/room-time.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/** A location is the school's place: its address, phone and e-mail are the business's, published on its page. */
export const locationPrivacy = {
  LocationOpened: NO_PERSONAL_DATA,
  LocationUpdated: NO_PERSONAL_DATA,
  RoomAdded: NO_PERSONAL_DATA,
  RoomChanged: NO_PERSONAL_DATA,
  RoomRemoved: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof locationEventSchemas>;

/** A room's time: ids, a class's title and its times; who attends stays on the bookings. */
export const roomTimePrivacy = {
  RoomTimeBooked: NO_PERSONAL_DATA,
  RoomTimeFreed: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof roomTimeEventSchemas>;
