import { describe, expect, it } from 'vitest';
import { RetryBackoff } from '../../../platform/processor/retry-backoff.js';
import { LeaseLostError } from '../../../platform/readstore/port.js';

describe('RetryBackoff: growing pauses between tries of a failing item', () => {
  it('given an item that failed twice, then it rests 1 s, then 2 s, and once it succeeds it rests no more', async () => {
    let now = 0;
    const backoff = new RetryBackoff({ firstMs: 1_000, maxMs: 60_000, now: () => now });
    const pauses: number[] = [];
    const failing = async (): Promise<boolean> => {
      throw new Error('mail server down');
    };
    await backoff.attempt('a', failing, (_err, failures) => pauses.push(failures));
    expect(
      await backoff.attempt(
        'a',
        async () => true,
        () => {},
      ),
    ).toBe(false); // resting: not tried
    now = 1_000;
    await backoff.attempt('a', failing, (_err, failures) => pauses.push(failures));
    now = 2_999;
    expect(
      await backoff.attempt(
        'a',
        async () => true,
        () => {},
      ),
    ).toBe(false);
    now = 3_000;
    expect(
      await backoff.attempt(
        'a',
        async () => true,
        () => {},
      ),
    ).toBe(true);
    expect(pauses).toEqual([1, 2]);
    expect(
      await backoff.attempt(
        'a',
        async () => true,
        () => {},
      ),
    ).toBe(true);
  });

  it('given one item resting, then another is still tried', async () => {
    const backoff = new RetryBackoff({ firstMs: 60_000, maxMs: 60_000 });
    await backoff.attempt(
      'a',
      async () => Promise.reject(new Error('x')),
      () => {},
    );
    expect(
      await backoff.attempt(
        'b',
        async () => true,
        () => {},
      ),
    ).toBe(true);
  });

  it('given the lease lost, then it is thrown on and not counted as the item failing', async () => {
    const backoff = new RetryBackoff({ firstMs: 1_000, maxMs: 60_000 });
    let told = 0;
    const lost = backoff.attempt(
      'a',
      async () => Promise.reject(new LeaseLostError('holds', 'me')),
      () => told++,
    );
    await expect(lost).rejects.toBeInstanceOf(LeaseLostError);
    expect(told).toBe(0);
    expect(
      await backoff.attempt(
        'a',
        async () => true,
        () => {},
      ),
    ).toBe(true);
  });
});
