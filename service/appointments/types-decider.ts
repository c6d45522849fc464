import type { Decider } from '../../platform/command/decider.js';
import type { AppointmentType, AppointmentTypeEvent } from '../../contracts/appointments/appointment-type.js';
import { refuse } from './refusals.js';

/** Every appointment type ever added, by id. */
export interface AppointmentTypesState {
  byId: Readonly<Record<string, AppointmentType>>;
}

export type AppointmentTypeCommand =
  | { type: 'AddAppointmentType'; appointmentType: AppointmentType; at: string }
  | { type: 'UpdateAppointmentType'; appointmentType: AppointmentType; at: string };

/**
 * The `appointment-types` stream: the school's lessons and parties, each added once per id and
 * changed as a whole; the same values again record nothing. Which instructors give a type is
 * checked by the route against the instructors stream (a type may name an instructor added since).
 */
export const appointmentTypesDecider: Decider<AppointmentTypeCommand, AppointmentTypeEvent, AppointmentTypesState> = {
  initialState: { byId: {} },
  evolve: (state, event) => ({ byId: { ...state.byId, [event.data.type.id]: event.data.type } }),
  decide(command, state) {
    const { appointmentType, at } = command;
    const before = state.byId[appointmentType.id];
    if (command.type === 'AddAppointmentType') {
      if (before) throw refuse({ code: 'appointment_type_exists' });
      return [{ type: 'AppointmentTypeAdded', data: { type: appointmentType, savedAt: at } }];
    }
    if (!before) throw refuse({ code: 'appointment_type_not_found' });
    if (JSON.stringify(before) === JSON.stringify(appointmentType)) return [];
    return [{ type: 'AppointmentTypeUpdated', data: { type: appointmentType, savedAt: at } }];
  },
};
