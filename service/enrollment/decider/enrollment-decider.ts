import type { Decider } from '../../../platform/command/decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { attendanceDecisions } from './attendance-decisions.js';
import { balanceDecisions } from './balance-decisions.js';
import { bookingDecisions } from './booking-decisions.js';
import { cancelDecisions } from './cancel-decisions.js';
import type { Command, EnrollmentCommand } from './commands.js';
import { confirmedDecisions } from './confirmed-decisions.js';
import type { Decision, Decisions } from './decision.js';
import { enrollmentInitialState, type EnrollmentState } from './enrollment-state.js';
import { evolveEnrollment } from './evolve.js';
import { heldDecisions } from './held-decisions.js';
import { installmentDecisions } from './installment-decisions.js';
import { newDecisions } from './new-decisions.js';
import { paidDecisions } from './paid-decisions.js';
import { participantDecisions } from './participant-decisions.js';
import { transferDecisions } from './transfer-decisions.js';

export { enrollmentInitialState, type EnrollmentState } from './enrollment-state.js';
export { balanceDueCents, refundableCents } from './refundable.js';
export { assertPayable } from './held-decisions.js';
export type { EnrollmentCommand } from './commands.js';

/**
 * Where each command of the enrollment stream is decided: one file per phase of its life, in the
 * order an enrollment lives it. A command missing here, or one too many, does not compile.
 */
const DECISIONS: Decisions = {
  ...newDecisions, // nothing yet: submitted, or a place moved out of another booking
  ...heldDecisions, // before the money: held, expired, withdrawn
  ...paidDecisions, // paid: confirmed, or refunded at once
  ...bookingDecisions, // while it stands: moved by the school, details corrected
  ...attendanceDecisions, // booked: the roster
  ...confirmedDecisions, // sold: the parent's e-mails
  ...balanceDecisions, // sold with a deposit: the balance
  ...installmentDecisions, // sold in instalments: each paid on the plan
  ...cancelDecisions, // sold to cancelled, and its refunds
  ...transferDecisions, // sold: the booking moves
  ...participantDecisions, // sold: one participant leaves or moves
};

const decideOne = <T extends EnrollmentCommand['type']>(command: Command<T>, state: EnrollmentState) =>
  (DECISIONS[command.type] as Decision<T>)(command, state);

/** The enrollment stream's decider: one evolve (evolve.ts), and `decide` looking each command up in its phase's decisions. */
export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: enrollmentInitialState,
  evolve: evolveEnrollment,
  decide: decideOne,
};
