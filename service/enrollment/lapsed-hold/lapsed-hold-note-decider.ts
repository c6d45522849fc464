import type { LapsedHoldNoteEvent } from '../../../contracts/enrollment/lapsed-hold-notes.js';
import type { Decider } from '../../../platform/command/decider.js';

/** The note sent about one workshop: the booking it names, and whether its refill link was used. */
export interface SentNote {
  enrollmentId: string;
  refillUsed: boolean;
}

/** One address's notes: `stopped` once it asked for none; at most one note per workshop. */
export interface LapsedHoldNotesState {
  stopped: boolean;
  notes: Readonly<Record<string, SentNote>>;
}

export type LapsedHoldNoteCommand =
  | {
      type: 'RecordLapsedHoldNote';
      workshopId: string;
      enrollmentId: string;
      emailMessageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  | { type: 'UseLapsedHoldRefill'; workshopId: string; enrollmentId: string; at: string }
  | { type: 'StopLapsedHoldNotes'; at: string };

/** Whether a note about this workshop may leave for the address: none asked to stop, none sent for it yet. */
export const mayNote = (state: LapsedHoldNotesState, workshopId: string) =>
  !state.stopped && state.notes[workshopId] === undefined;

/** Whether this booking's refill link is still good: its note was sent and its link not used. */
export const refillOpen = (state: LapsedHoldNotesState, workshopId: string, enrollmentId: string) =>
  state.notes[workshopId]?.enrollmentId === enrollmentId && !state.notes[workshopId].refillUsed;

/**
 * One address's lapsed-hold notes: a second note about the same workshop, a second use of a refill
 * link or a second stop records nothing (every command is safe to repeat after a crash).
 */
export const lapsedHoldNoteDecider: Decider<LapsedHoldNoteCommand, LapsedHoldNoteEvent, LapsedHoldNotesState> = {
  initialState: { stopped: false, notes: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'LapsedHoldNoteSent':
        return {
          ...state,
          notes: {
            ...state.notes,
            [event.data.workshopId]: { enrollmentId: event.data.enrollmentId, refillUsed: false },
          },
        };
      case 'LapsedHoldRefillUsed': {
        const note = state.notes[event.data.workshopId];
        return note
          ? { ...state, notes: { ...state.notes, [event.data.workshopId]: { ...note, refillUsed: true } } }
          : state;
      }
      case 'LapsedHoldNotesStopped':
        return { ...state, stopped: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordLapsedHoldNote':
        return state.notes[command.workshopId] !== undefined
          ? []
          : [
              {
                type: 'LapsedHoldNoteSent',
                data: {
                  workshopId: command.workshopId,
                  enrollmentId: command.enrollmentId,
                  emailMessageId: command.emailMessageId,
                  transport: command.transport,
                  sentAt: command.at,
                },
              },
            ];
      case 'UseLapsedHoldRefill':
        return refillOpen(state, command.workshopId, command.enrollmentId)
          ? [
              {
                type: 'LapsedHoldRefillUsed',
                data: { workshopId: command.workshopId, enrollmentId: command.enrollmentId, at: command.at },
              },
            ]
          : [];
      case 'StopLapsedHoldNotes':
        return state.stopped ? [] : [{ type: 'LapsedHoldNotesStopped', data: { at: command.at } }];
    }
  },
};
