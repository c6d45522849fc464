import { describe, it } from 'vitest';
import {
  clientHoldsDecider,
  type ClientHoldsCommand,
} from '../../../service/enrollment/checkout/client-holds-decider.js';
import type { ClientHoldEvent } from '../../../contracts/enrollment/client-holds.js';
import { AppError } from '../../../service/core/errors.js';
import { deciderSpec } from '../../support/decider.js';

const T0 = Date.parse('2025-05-01T15:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const min = 60_000;

const held = (enrollmentId: string, seats: number, at = T0, workshopId = '9'): ClientHoldEvent => ({
  type: 'ClientSeatsHeld',
  data: { enrollmentId, workshopId, seats, expiresAt: iso(at + 30 * min), heldAt: iso(at) },
});
const hold = (
  enrollmentId: string,
  seats: number,
  at = T0,
  workshopId = '9',
  replaces?: string,
): Extract<ClientHoldsCommand, { type: 'HoldClientSeats' }> => ({
  type: 'HoldClientSeats',
  enrollmentId,
  workshopId,
  seats,
  expiresAt: iso(at + 30 * min),
  max: 10,
  at: iso(at),
  ...(replaces ? { replaces } : {}),
});
const given = deciderSpec(clientHoldsDecider);

/** The allowance of 10 reached: refused until the earliest hold ends. */
const CAPPED = { code: 'rate_limited', refusal: { code: 'unpaid_seats_capped', max: 10 } };

describe('unpaid seats per client', () => {
  it('given 8 seats held, when 2 more are asked for, then they are counted; when 1 more, then 429 until the earliest hold ends', () => {
    const eight = [held('a', 4, T0), held('b', 4, T0 + 5 * min)];
    given(eight)
      .when(hold('c', 2, T0 + 10 * min))
      .then([held('c', 2, T0 + 10 * min)]);
    given([...eight, held('c', 2, T0 + 10 * min)])
      .when(hold('d', 1, T0 + 10 * min))
      .thenThrows({
        code: 'rate_limited',
        // 'a' ends at T0 + 30 min
        refusal: { code: 'unpaid_seats_capped', held: 10, max: 10, retryAfterSeconds: 20 * 60 },
      });
    given([...eight, held('c', 2, T0 + 10 * min)])
      .when(hold('d', 1, T0 + 10 * min))
      .thenThrows(AppError);
  });

  it('given holds that have expired, then they no longer count (the allowance heals without a give-back)', () => {
    const ten = [held('a', 5, T0), held('b', 5, T0)];
    given(ten)
      .when(hold('c', 1, T0 + 29 * min))
      .thenThrows(CAPPED);
    given(ten)
      .when(hold('c', 5, T0 + 31 * min))
      .then([held('c', 5, T0 + 31 * min)]);
  });

  it('given seats given back (paid, refused, replaced), then they no longer count', () => {
    const freed: ClientHoldEvent = {
      type: 'ClientSeatsFreed',
      data: { enrollmentId: 'a', reason: 'confirmed', freedAt: iso(T0 + min) },
    };
    given([held('a', 10), freed])
      .when(hold('b', 10, T0 + 2 * min))
      .then([held('b', 10, T0 + 2 * min)]);
    given([held('a', 10), freed])
      .when({ type: 'FreeClientSeats', enrollmentId: 'a', reason: 'confirmed', at: iso(T0) })
      .then([]);
  });

  it('given a resubmission whose hold token names an entry of the same workshop, then the new entry takes over the old one instead of adding to it', () => {
    const two = [held('a', 5, T0, '9'), held('b', 5, T0, '4')];
    given(two)
      .when(hold('c', 5, T0 + min, '9', 'a'))
      .then([{ type: 'ClientSeatsHeld', data: { ...held('c', 5, T0 + min, '9').data, replaces: 'a' } }]);
    // Without a token, or naming an entry of another workshop, it is a new hold like any other.
    given(two)
      .when(hold('c', 1, T0 + min, '9'))
      .thenThrows(CAPPED);
    given(two)
      .when(hold('c', 1, T0 + min, '8', 'a'))
      .thenThrows(CAPPED);
  });

  it('given more participants than the allowance itself, then 400 on participants', () => {
    given([])
      .when({ ...hold('a', 11), seats: 11 })
      .thenThrows({ code: 'validation', refusal: { code: 'unpaid_seats_over_max', max: 10 } });
  });

  it('given the same enrollment twice (a retried request), then it is counted once', () => {
    given([held('a', 3)])
      .when(hold('a', 3))
      .then([]);
  });
});
