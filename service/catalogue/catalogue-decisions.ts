import { withSessions, type WorkshopRecord } from '../../contracts/catalogue/workshop.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import { refuse } from './refusals.js';
import { enrollmentLoad, sessionEditRefusal } from './session-seats.js';
import { requireScheduled, type WorkshopState } from './workshop-state.js';

/** The school's catalogue: a workshop scheduled, edited or removed. */
export type CatalogueCommand =
  /** A record without sessions is a one-date workshop: recorded as a course of one session. */
  | { type: 'ScheduleWorkshop'; workshop: WorkshopRecord }
  | { type: 'UpdateWorkshop'; workshop: WorkshopRecord }
  | { type: 'RemoveWorkshop'; workshopId: string };

type Command<T extends CatalogueCommand['type']> = Extract<CatalogueCommand, { type: T }>;

function scheduleWorkshop(command: Command<'ScheduleWorkshop'>, state: WorkshopState): WorkshopEvent[] {
  if (state.status !== 'none') throw refuse({ code: 'workshop_exists', workshopId: command.workshop.id });
  return [{ type: 'WorkshopScheduled', data: { workshop: withSessions(command.workshop) } }];
}

/** An edit keeps the sessions absences and make-ups name, and the seats already taken. */
function updateWorkshop(command: Command<'UpdateWorkshop'>, state: WorkshopState): WorkshopEvent[] {
  requireScheduled(state);
  const workshop = withSessions(command.workshop);
  const sessionsRefused = sessionEditRefusal(state, workshop);
  if (sessionsRefused) throw refuse(sessionsRefused);
  const taken = enrollmentLoad(state);
  if (workshop.capacity < taken) throw refuse({ code: 'capacity_below_taken', taken });
  return [{ type: 'WorkshopUpdated', data: { workshop } }];
}

/** A workshop with bookings, holds or make-ups stays. */
function removeWorkshop(command: Command<'RemoveWorkshop'>, state: WorkshopState): WorkshopEvent[] {
  requireScheduled(state);
  const active =
    Object.keys(state.holds).length +
    Object.keys(state.confirmed).length +
    Object.keys(state.sessionSeats.makeupsByCredit).length;
  if (active > 0) throw refuse({ code: 'workshop_has_bookings', active });
  return [{ type: 'WorkshopRemoved', data: { workshopId: command.workshopId } }];
}

export const catalogueDecisions = {
  ScheduleWorkshop: scheduleWorkshop,
  UpdateWorkshop: updateWorkshop,
  RemoveWorkshop: removeWorkshop,
};
