import type { DomainEvent } from '../../contracts/core/events.js';

/** A decider is a plain object: pure, small, with time and ids coming in through the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: S;
  evolve(state: S, event: E): S;
  /** Returns the events the command produces; throws AppError when the command is refused. */
  decide(command: C, state: S): E[];
}
