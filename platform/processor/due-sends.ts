import type { Logger } from '../log.js';
import { LeaseLostError } from '../readstore/port.js';
import type { TimerContext } from './timer.js';

/** What sending one due item came to: sent, nothing owed after all, or never to be sent (passed over from then on). */
export type DueSendOutcome = 'sent' | 'not-due' | 'pass-over';

export interface DueSendsReport {
  sent: number;
  failures: number;
}

/**
 * The loop of a timer that sends one thing per due item (a reminder, a scheduled gift card): the
 * lease kept before each, a failure logged and tried again at the next pass, an item that can
 * never be sent passed over for the life of the process, and a lost lease ending the pass (what was
 * sent is recorded on its stream, so the next holder goes on from there).
 */
export class DueSends {
  private readonly passedOver = new Set<string>();

  constructor(
    private readonly log: Logger,
    private readonly what: string,
  ) {}

  async each<T>(
    context: TimerContext,
    items: Iterable<T>,
    keyOf: (item: T) => string,
    send: (item: T) => Promise<DueSendOutcome>,
  ): Promise<DueSendsReport> {
    const report = { sent: 0, failures: 0 };
    for (const item of items) {
      const key = keyOf(item);
      if (this.passedOver.has(key)) continue;
      try {
        await context.keepLease();
        const outcome = await send(item);
        if (outcome === 'sent') report.sent++;
        if (outcome === 'pass-over') this.passedOver.add(key);
      } catch (err) {
        if (err instanceof LeaseLostError) throw err;
        report.failures++;
        this.log.warn(`${this.what} failed; tried again at the next pass`, { key, err });
      }
    }
    return report;
  }
}
