import type { WorkshopEvent as AnyWorkshopEvent } from '../../contracts/catalogue/events.js';
import { roomStream } from '../../contracts/locations/room-time.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { listLocations } from './queries.js';
import { roomTimeDecider } from './room-time-decider.js';

type WorkshopEvent = Extract<AnyWorkshopEvent, { type: 'WorkshopScheduled' | 'WorkshopUpdated' | 'WorkshopRemoved' }>;

export const ROOM_TIME_WORKFLOW = 'room-time';

/**
 * A room's record follows its classes (issue 41 item 2): the admin save books the room's time
 * before the workshop is written (refusing an overlap); after it, this places the workshop's
 * sessions as they were saved on its room and frees them from every other room (a class moved to
 * another room or location, or removed). Recorded as facts, never refused: the save decided. Each
 * command is idempotent on its room's stream.
 */
export function roomTimeReactor(deps: AppDeps) {
  return defineReactor<WorkshopEvent>({
    name: ROOM_TIME_WORKFLOW,
    eventTypes: ['WorkshopScheduled', 'WorkshopUpdated', 'WorkshopRemoved'],
    keyOf: (e) => (e.type === 'WorkshopRemoved' ? e.data.workshopId : e.data.workshop.id),
    async handle(event, { metadata }) {
      const at = metadata.at;
      const workshop = event.type === 'WorkshopRemoved' ? null : event.data.workshop;
      const bookingId = workshop?.id ?? (event as Extract<WorkshopEvent, { type: 'WorkshopRemoved' }>).data.workshopId;
      const locations = await listLocations(deps.readStore);
      for (const location of locations)
        for (const room of location.rooms) {
          if (workshop && room.id === workshop.roomId) {
            const spans = workshop.sessions.map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
            await deps.commands.handle(
              roomTimeDecider,
              roomStream(room.id),
              {
                type: 'BookRoomTime',
                roomId: room.id,
                room: room.name,
                timeZone: location.timeZone,
                bookingId,
                title: workshop.title,
                spans,
                strict: false,
                at,
              },
              metadata,
            );
          } else {
            await deps.commands.handle(
              roomTimeDecider,
              roomStream(room.id),
              { type: 'FreeRoomTime', roomId: room.id, bookingId, at },
              metadata,
            );
          }
        }
    },
  });
}
