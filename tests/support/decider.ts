import type { DomainEvent } from '../../contracts/core/events.js';
import type { Decider } from '../../platform/command/decider.js';

/** Given events, when a command: the events decided, or the error thrown. */
export function givenWhen<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, given: E[], when: C): E[] {
  const state = given.reduce(decider.evolve, decider.initialState);
  return decider.decide(when, state);
}
