import { describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { LeaseLostError } from '../../../platform/readstore/port.js';
import { Lease } from '../../../platform/processor/lease.js';

/** One lease rule for projectors, reactors, the hold timer and rebuilds, on a clock the test moves. */
function world() {
  let now = 1_000_000;
  const store = new MemoryReadStore(() => now);
  const lease = (owner: string, takeOverAtStart = false) =>
    new Lease(store, 'worker', owner, { ttlMs: 9_000, takeOverAtStart, now: () => now });
  return { store, lease, advance: (ms: number) => (now += ms) };
}

describe('lease', () => {
  it('given a lease held by another process, when a second one asks, then it is refused until the holder stops renewing and the lease expires', async () => {
    const { lease, advance } = world();
    const a = lease('a');
    const b = lease('b');
    expect(await a.hold()).toBe('gained');
    expect(await b.hold()).toBe('refused');
    advance(8_999);
    expect(await b.hold()).toBe('refused');
    advance(2);
    expect(await b.hold()).toBe('gained');
    await expect(a.confirm()).rejects.toBeInstanceOf(LeaseLostError);
    expect(a.held).toBe(false);
  });

  it('given a holder that keeps asking, then it renews after a third of the time to live and never lapses', async () => {
    const { lease, advance } = world();
    const a = lease('a');
    const b = lease('b');
    await a.hold();
    for (let i = 0; i < 10; i++) {
      advance(3_001);
      expect(await a.hold()).toBe('kept');
      expect(await b.hold()).toBe('refused');
    }
  });

  it('given a lease left by a killed process, when the restarted one takes over at start, then it gets it at once, and only at its first attempt', async () => {
    const { lease } = world();
    await lease('killed').hold();
    const restarted = lease('restarted', true);
    expect(await restarted.hold()).toBe('gained');
    await restarted.release();
    await lease('other').hold();
    expect(await restarted.hold()).toBe('refused');
  });

  it('given a rebuild that takes the lease over, then the live holder learns it at its next confirm', async () => {
    const { lease } = world();
    const live = lease('live');
    await live.hold();
    await lease('rebuild').takeOver();
    await expect(live.confirm()).rejects.toBeInstanceOf(LeaseLostError);
  });
});
