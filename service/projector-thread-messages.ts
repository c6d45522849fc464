import type { Config } from './core/config.js';

/** What the API thread gives the projections thread when it starts it. */
export interface ThreadSetup {
  config: Config;
  owner: string;
  takeOverAtStart: boolean;
  /** False: the projections only (the bench's comparison); absent, every effect runs too. */
  effects?: boolean;
}

/** Between the API thread and the projections thread (positions as decimal strings). */
export type ThreadMessage =
  { type: 'appended' } | { type: 'stop' } | { type: 'checkpoint'; name: string; checkpoint: string };
