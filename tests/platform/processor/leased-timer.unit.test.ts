import { describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { Lease } from '../../../platform/processor/lease.js';
import { LeasedTimer } from '../../../platform/processor/leased-timer.js';
import { createLogger } from '../../../platform/log.js';

/** A clock job in two API processes on one store, with a pass the test holds open. */
function twoProcesses() {
  const store = new MemoryReadStore();
  const passes: string[] = [];
  let release: () => void = () => undefined;
  const timer = (owner: string) =>
    new LeasedTimer({
      name: 'test timer',
      intervalMs: 60_000,
      lease: new Lease(store, 'job', owner, { ttlMs: 10_000 }),
      log: createLogger('error'),
      pass: async () => {
        passes.push(owner);
        await new Promise<void>((r) => (release = r));
        return 'worked';
      },
      idle: () => 'idle',
    });
  return { a: timer('a'), b: timer('b'), passes, release: () => release() };
}

describe('leased timer', () => {
  it('given two processes, when both tick, then only the lease holder works and the other reports idle', async () => {
    const { a, b, passes, release } = twoProcesses();
    const first = a.tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(await b.tick()).toBe('idle');
    release();
    expect(await first).toBe('worked');
    expect(passes).toEqual(['a']);
  });

  it('given a pass under way, when it ticks again, then it joins that pass instead of starting a second; after stop the other process takes over', async () => {
    const { a, b, passes, release } = twoProcesses();
    const first = a.tick();
    const second = a.tick();
    expect(second).toBe(first);
    await new Promise((r) => setTimeout(r, 0));
    expect(passes).toEqual(['a']);
    release();
    await first;
    await a.stop();
    const taken = b.tick();
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await taken).toBe('worked');
    expect(passes).toEqual(['a', 'b']);
  });
});
