import { z } from 'zod';
import { LocationIdSchema, LocationRecordSchema, RoomIdSchema } from './location.js';

/** One stream per location: its record and its rooms. A room's time is decided on `room-<id>` (room-time.ts). */
export const locationStream = (locationId: string) => `location-${locationId}`;

const Instant = z.string().datetime({ offset: true });
const RoomFields = z.object({
  locationId: LocationIdSchema,
  roomId: RoomIdSchema,
  name: z.string().min(1).max(100),
  capacity: z.number().int().positive(),
});

export const LocationOpenedSchema = LocationRecordSchema.extend({ openedAt: Instant });
export const LocationUpdatedSchema = LocationRecordSchema.extend({ updatedAt: Instant });
export const RoomAddedSchema = RoomFields.extend({ addedAt: Instant });
export const RoomChangedSchema = RoomFields.extend({ changedAt: Instant });
export const RoomRemovedSchema = z.object({ locationId: LocationIdSchema, roomId: RoomIdSchema, removedAt: Instant });

export type LocationOpened = z.infer<typeof LocationOpenedSchema>;
export type LocationUpdated = z.infer<typeof LocationUpdatedSchema>;
export type RoomAdded = z.infer<typeof RoomAddedSchema>;
export type RoomChanged = z.infer<typeof RoomChangedSchema>;
export type RoomRemoved = z.infer<typeof RoomRemovedSchema>;

export type LocationEvent =
  | { type: 'LocationOpened'; data: LocationOpened }
  | { type: 'LocationUpdated'; data: LocationUpdated }
  | { type: 'RoomAdded'; data: RoomAdded }
  | { type: 'RoomChanged'; data: RoomChanged }
  | { type: 'RoomRemoved'; data: RoomRemoved };

export const locationEventSchemas = {
  LocationOpened: LocationOpenedSchema,
  LocationUpdated: LocationUpdatedSchema,
  RoomAdded: RoomAddedSchema,
  RoomChanged: RoomChangedSchema,
  RoomRemoved: RoomRemovedSchema,
} as const;
