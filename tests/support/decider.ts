import { expect } from 'vitest';
import type { DomainEvent } from '../../contracts/core/events.js';
import type { Decider } from '../../platform/command/decider.js';

/** What a refusal is expected to be: its message (text or pattern), its class, or fields it has (`{ code: 'conflict' }`). */
export type Refusal = string | RegExp | (abstract new (...args: never[]) => Error) | Record<string, unknown>;

/**
 * A decider's specification, read as given/when/then:
 *
 *   given([scheduled, reserved('a', 5)]).when(reserve('b', 6)).thenThrows(/only 5 spots/);
 *   given([scheduled]).when(reserve('b', 2)).then([reserved('b', 2)]);
 *
 * `given` folds the events with `evolve` from `initialState`; `then` compares the events `decide`
 * returns (asymmetric matchers allowed); `thenThrows` expects `decide` to refuse.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (given: readonly E[] = []) => ({
    when(command: C) {
      const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState));
      return {
        then(expected: readonly unknown[]): void {
          expect(decide()).toEqual(expected);
        },
        thenThrows(refusal?: Refusal): void {
          if (refusal === undefined || typeof refusal === 'string' || refusal instanceof RegExp) {
            expect(decide).toThrow(refusal);
            return;
          }
          if (typeof refusal === 'function') {
            expect(decide).toThrow(refusal);
            return;
          }
          let thrown: unknown;
          try {
            decide();
          } catch (err) {
            thrown = err;
          }
          expect(thrown, 'the command was not refused').toBeDefined();
          expect(thrown).toMatchObject(refusal);
        },
      };
    },
  });
}
