import { describe, expect, it } from 'vitest';
import { clientHoldsDecider, type ClientHoldsCommand } from '../../../service/enrollment/client-holds-decider.js';
import type { ClientHoldEvent } from '../../../contracts/enrollment/client-holds.js';
import { AppError } from '../../../service/core/errors.js';
import { givenWhen } from '../../support/decider.js';

const T0 = Date.parse('2025-05-01T15:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const min = 60_000;

const held = (enrollmentId: string, seats: number, at = T0, workshopId = '9', holderKey?: string): ClientHoldEvent => ({
  type: 'ClientSeatsHeld',
  data: { enrollmentId, workshopId, seats, expiresAt: iso(at + 30 * min), heldAt: iso(at), ...(holderKey ? { holderKey } : {}) },
});
const hold = (enrollmentId: string, seats: number, at = T0, workshopId = '9', holderKey?: string): Extract<ClientHoldsCommand, { type: 'HoldClientSeats' }> => ({
  type: 'HoldClientSeats',
  enrollmentId,
  workshopId,
  seats,
  expiresAt: iso(at + 30 * min),
  max: 10,
  at: iso(at),
  ...(holderKey ? { holderKey } : {}),
});
const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
};

describe('unpaid seats per client', () => {
  it('given 8 seats held, when 2 more are asked for, then they are counted; when 1 more, then 429 until the earliest hold ends', () => {
    const given = [held('a', 4, T0), held('b', 4, T0 + 5 * min)];
    expect(givenWhen(clientHoldsDecider, given, hold('c', 2, T0 + 10 * min))).toEqual([held('c', 2, T0 + 10 * min)]);
    const err = refusal(() => givenWhen(clientHoldsDecider, [...given, held('c', 2, T0 + 10 * min)], hold('d', 1, T0 + 10 * min)));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('rate_limited');
    expect(err.details?.retryAfterSeconds).toBe(20 * 60); // 'a' ends at T0 + 30 min
    expect(err.message).toMatch(/You already have 10 seats reserved and not yet paid, and at most 10 can be held at a time/);
  });

  it('given holds that have expired, then they no longer count (the allowance heals without a give-back)', () => {
    const given = [held('a', 5, T0), held('b', 5, T0)];
    expect(() => givenWhen(clientHoldsDecider, given, hold('c', 1, T0 + 29 * min))).toThrow(/at most 10/);
    expect(givenWhen(clientHoldsDecider, given, hold('c', 5, T0 + 31 * min))).toHaveLength(1);
  });

  it('given seats given back (paid, refused, replaced), then they no longer count', () => {
    const freed: ClientHoldEvent = { type: 'ClientSeatsFreed', data: { enrollmentId: 'a', reason: 'confirmed', freedAt: iso(T0 + min) } };
    expect(givenWhen(clientHoldsDecider, [held('a', 10), freed], hold('b', 10, T0 + 2 * min))).toHaveLength(1);
    expect(givenWhen(clientHoldsDecider, [held('a', 10), freed], { type: 'FreeClientSeats', enrollmentId: 'a', reason: 'confirmed', at: iso(T0) })).toEqual([]);
  });

  it('given the same holder resubmitting for the same workshop, then the new entry takes over the old one instead of adding to it', () => {
    const given = [held('a', 5, T0, '9', 'holder-1'), held('b', 5, T0, '4', 'holder-1')];
    expect(givenWhen(clientHoldsDecider, given, hold('c', 5, T0 + min, '9', 'holder-1'))).toEqual([
      { type: 'ClientSeatsHeld', data: { ...held('c', 5, T0 + min, '9', 'holder-1').data, replaces: 'a' } },
    ]);
    // Another workshop or another holder is not a resubmission.
    expect(() => givenWhen(clientHoldsDecider, given, hold('c', 1, T0 + min, '8', 'holder-1'))).toThrow(/at most 10/);
    expect(() => givenWhen(clientHoldsDecider, given, hold('c', 1, T0 + min, '9', 'holder-2'))).toThrow(/at most 10/);
  });

  it('given more participants than the allowance itself, then 400 on participants', () => {
    const err = refusal(() => givenWhen(clientHoldsDecider, [], { ...hold('a', 11), seats: 11 }));
    expect(err.code).toBe('validation');
  });

  it('given the same enrollment twice (a retried request), then it is counted once', () => {
    expect(givenWhen(clientHoldsDecider, [held('a', 3)], hold('a', 3))).toEqual([]);
  });
});
