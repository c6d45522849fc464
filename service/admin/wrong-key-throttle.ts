import { createHash } from 'node:crypto';
import { FailureWindow } from './failure-window.js';

/**
 * Slows down wrong admin keys without ever standing in the way of a right one: the gate checks the
 * key first and asks this only about keys it refused. Wrong keys count per client address, each
 * different key once, so a school office behind one address is throttled only for guessing; the
 * same wrong key sent again (a stale key in a forgotten tab) counts on its own, per address and
 * key, and so does not use up the address. Keys are held only as a digest.
 */
export class WrongKeyThrottle {
  private readonly byAddress: FailureWindow;
  private readonly byAddressAndKey: FailureWindow;

  constructor(limit: number, windowMs: number, now: () => number) {
    this.byAddress = new FailureWindow(limit, windowMs, now);
    this.byAddressAndKey = new FailureWindow(limit, windowMs, now);
  }

  /**
   * Records a refused key from `address`: 0 when it is answered as wrong (401), else the seconds
   * until the address (or this key from it) is heard again (429). A throttled try is not counted,
   * so the block lifts a window after the last counted one.
   */
  refused(address: string, key: string | undefined): number {
    const pair = `${address} ${key ? createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 22) : '-'}`;
    const wait = Math.max(this.byAddress.blockedFor(address), this.byAddressAndKey.blockedFor(pair));
    if (wait > 0) return wait;
    if (this.byAddressAndKey.count(pair) === 0) this.byAddress.record(address);
    this.byAddressAndKey.record(pair);
    return 0;
  }
}
