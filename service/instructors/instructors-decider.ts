import type { Decider } from '../../platform/command/decider.js';
import type { Availability } from '../../contracts/instructors/availability.js';
import type { InstructorEvent } from '../../contracts/instructors/events.js';
import type { InstructorRecord } from '../../contracts/instructors/instructor.js';
import { refuse } from './refusals.js';

export interface InstructorState {
  record: InstructorRecord;
  availability: Availability;
}

/** Every instructor ever added, by id (an id is never reused). */
export interface InstructorsState {
  byId: Record<string, InstructorState>;
}

export type InstructorCommand =
  | { type: 'AddInstructor'; record: InstructorRecord; at: string }
  | { type: 'UpdateInstructor'; record: InstructorRecord; at: string }
  | { type: 'SetAvailability'; instructorId: string; availability: Availability; at: string };

const known = (state: InstructorsState, id: string): InstructorState => {
  const found = state.byId[id];
  if (!found) throw refuse({ code: 'instructor_not_found' });
  return found;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The `instructors` stream: records added once per id, changed as a whole; each instructor's weekly
 * hours and exceptions set as a whole. The same values again record nothing.
 */
export const instructorsDecider: Decider<InstructorCommand, InstructorEvent, InstructorsState> = {
  initialState: { byId: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'InstructorAdded': {
        const { addedAt: _at, ...record } = event.data;
        const entry = { record, availability: { weekly: [], exceptions: [] } };
        return { byId: { ...state.byId, [record.instructorId]: entry } };
      }
      case 'InstructorUpdated': {
        const { updatedAt: _at, ...record } = event.data;
        const before = state.byId[record.instructorId];
        return before ? { byId: { ...state.byId, [record.instructorId]: { ...before, record } } } : state;
      }
      case 'InstructorAvailabilitySet': {
        const { instructorId, weekly, exceptions } = event.data;
        const before = state.byId[instructorId];
        return before
          ? { byId: { ...state.byId, [instructorId]: { ...before, availability: { weekly, exceptions } } } }
          : state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddInstructor':
        if (state.byId[command.record.instructorId]) throw refuse({ code: 'instructor_exists' });
        return [{ type: 'InstructorAdded', data: { ...command.record, addedAt: command.at } }];
      case 'UpdateInstructor':
        if (same(known(state, command.record.instructorId).record, command.record)) return [];
        return [{ type: 'InstructorUpdated', data: { ...command.record, updatedAt: command.at } }];
      case 'SetAvailability': {
        const { instructorId, availability, at } = command;
        if (same(known(state, instructorId).availability, availability)) return [];
        return [{ type: 'InstructorAvailabilitySet', data: { instructorId, ...availability, setAt: at } }];
      }
    }
  },
};

/** The instructors as a list, for the workshops that name one by its name only. */
export const instructorList = (state: InstructorsState) =>
  Object.values(state.byId).map((i) => ({ id: i.record.instructorId, name: i.record.name }));
