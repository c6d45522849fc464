import type { SafetyDataErased } from '../../contracts/privacy/events.js';
import type { Decider } from '../../platform/command/decider.js';

export interface RecordSafetyErasure {
  type: 'RecordSafetyErasure';
  erasure: SafetyDataErased;
}

type PrivacyStreamEvent =
  { type: 'SafetyDataErased'; data: SafetyDataErased } | { type: 'PersonalDataErased'; data: unknown };

/** The bookings of a subject whose safety details were erased, from its stream `privacy-<subjectId>`. */
export interface RetentionState {
  erased: readonly string[];
}

/**
 * Each booking's safety details are recorded erased once: a second pass, or two processes at once
 * (the stream's expected revision), record nothing more.
 */
export const retentionDecider: Decider<RecordSafetyErasure, PrivacyStreamEvent, RetentionState> = {
  initialState: { erased: [] },
  evolve: (state, event) =>
    event.type === 'SafetyDataErased' ? { erased: [...state.erased, event.data.enrollmentId] } : state,
  decide: (command, state) =>
    state.erased.includes(command.erasure.enrollmentId) ? [] : [{ type: 'SafetyDataErased', data: command.erasure }],
};
