import type { AppDeps } from '../../service/core/deps.js';
import { TimerTicker, type Timer } from '../../platform/processor/timer.js';

/** A timer ticked by hand, as one runner of `owner` would tick it (the tests start no runner of timers). */
export const tickerOf = <R>(
  timer: Timer<R>,
  deps: Pick<AppDeps, 'readStore'>,
  owner: string,
  takeOverAtStart = false,
) => new TimerTicker(timer, deps.readStore, { owner, takeOverAtStart });
