import { afterEach, describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { createLogger } from '../../../platform/log.js';
import { defineTimer, TimerTicker } from '../../../platform/processor/timer.js';
import { ProcessorRunner } from '../../../platform/processor/runner.js';
import { LeaseLostError } from '../../../platform/readstore/port.js';

const silent = createLogger('silent');
const runners: ProcessorRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

/** A clock job ticked by two runners on one store, with a pass the test holds open. */
function twoRunners() {
  const store = new MemoryReadStore();
  const passes: string[] = [];
  let release: () => void = () => undefined;
  const timer = defineTimer({
    name: 'job',
    everyMs: 60_000,
    pass: async () => {
      passes.push('pass');
      await new Promise<void>((r) => (release = r));
      return 'worked';
    },
    idle: () => 'idle',
  });
  const ticker = (owner: string) => new TimerTicker(timer, store, { owner });
  return { a: ticker('a'), b: ticker('b'), passes, release: () => release() };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('timers', () => {
  it('given two runners, when both tick, then only the lease holder works and the other reports idle', async () => {
    const { a, b, passes, release } = twoRunners();
    const first = a.tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(await b.tick()).toBe('idle');
    release();
    expect(await first).toBe('worked');
    expect(passes).toEqual(['pass']);
  });

  it('given a pass under way, when it ticks again, then it joins that pass; after stop the other runner takes over at once', async () => {
    const { a, b, passes, release } = twoRunners();
    const first = a.tick();
    expect(a.tick()).toBe(first);
    await new Promise((r) => setTimeout(r, 0));
    release();
    await first;
    await a.stop();
    const taken = b.tick();
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await taken).toBe('worked');
    expect(passes).toEqual(['pass', 'pass']);
  });

  it('given a pass that outlives its lease, when another runner took it, then keepLease ends the pass with LeaseLostError', async () => {
    const store = new MemoryReadStore();
    let now = 0;
    const timer = defineTimer({
      name: 'slow',
      everyMs: 1_000,
      leaseTtlMs: 10_000,
      pass: async ({ keepLease }) => {
        now += 20_000;
        await store.acquireLease('slow', 'other', 10_000, true);
        await keepLease();
        return 'finished';
      },
      idle: () => 'idle',
    });
    const ticker = new TimerTicker(timer, store, { owner: 'first', now: () => now });
    await expect(ticker.tick()).rejects.toBeInstanceOf(LeaseLostError);
    expect(now).toBe(20_000);
  });

  it('given one timer in two runners of one store, when both run, then only the lease holder passes, and after it stops the other takes over', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const passesBy: string[] = [];
    const make = (owner: string) => {
      const timer = defineTimer({
        name: 'every-10ms',
        everyMs: 10,
        pass: async () => void passesBy.push(owner),
        idle: () => undefined,
      });
      const r = new ProcessorRunner({ eventStore, readStore, timers: [timer], owner, log: silent, standbyMs: 10 });
      runners.push(r);
      r.start();
      return r;
    };
    const first = make('first');
    await until(() => passesBy.length >= 2);
    make('second');
    await until(() => passesBy.length >= 8);
    expect(new Set(passesBy)).toEqual(new Set(['first']));

    await first.stop();
    const stoppedAt = passesBy.length;
    await until(() => passesBy.length >= stoppedAt + 3);
    expect(passesBy.slice(stoppedAt)).toEqual(['second', 'second', 'second'].slice(0, passesBy.length - stoppedAt));
  });

  it('given a pass that throws, when the runner runs it, then the error is logged and the next pass still comes', async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    let calls = 0;
    const timer = defineTimer({
      name: 'flaky',
      everyMs: 10,
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error('store down');
      },
      idle: () => undefined,
    });
    const r = new ProcessorRunner({ eventStore, readStore, timers: [timer], owner: 'x', log: silent });
    runners.push(r);
    r.start();
    await until(() => calls >= 3);
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});
