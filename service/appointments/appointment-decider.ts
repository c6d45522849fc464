import type { Decider } from '../../platform/command/decider.js';
import type { AppointmentEvent, AppointmentRequested } from '../../contracts/appointments/booking.js';
import { refuse } from './refusals.js';

/** One appointment's own stream, `appointment-<id>`: none yet, or requested (its time held). */
export type AppointmentState = { phase: 'none' } | { phase: 'requested'; request: AppointmentRequested };

export type AppointmentCommand = { type: 'RecordAppointmentRequest'; request: AppointmentRequested };

/**
 * The booking's record, written once its time is held on the instructor's calendar. The calendar
 * decides the time; this stream keeps who it is for, under the family's key.
 */
export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: { phase: 'none' },
  evolve: (_state, event) => ({ phase: 'requested', request: event.data }),
  decide(command, state) {
    if (state.phase !== 'none') throw refuse({ code: 'appointment_exists' });
    return [{ type: 'AppointmentRequested', data: command.request }];
  },
};
