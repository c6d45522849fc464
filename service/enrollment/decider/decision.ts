import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { Command, EnrollmentCommand } from './commands.js';
import { requireSubmitted, type EnrollmentState, type SubmittedEnrollment } from './enrollment-state.js';

type CommandType = EnrollmentCommand['type'];

/** How one command is decided, on the state the stream holds. */
export type Decision<T extends CommandType> = (command: Command<T>, state: EnrollmentState) => EnrollmentEvent[];

/** Every command's decision, by its type: the map `decide` looks a command up in. */
export type Decisions = { [T in CommandType]: Decision<T> };

/** A decision about a submitted enrollment: a stream with nothing submitted is refused as not found, here for all of them. */
export const onSubmitted =
  <T extends CommandType>(
    decide: (command: Command<T>, state: SubmittedEnrollment) => EnrollmentEvent[],
  ): Decision<T> =>
  (command, state) =>
    decide(command, requireSubmitted(state));
