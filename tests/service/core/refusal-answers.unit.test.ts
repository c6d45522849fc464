import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { EnrollmentRefusal } from '../../../contracts/enrollment/refusals.js';
import { createLogger } from '../../../platform/log.js';
import { toErrorResponse } from '../../../service/core/http-errors.js';
import { refusalBody } from '../../../service/core/refusal-answers.js';
import { refuse } from '../../../service/enrollment/decider/refusals.js';
import { REFUSAL_ANSWERS } from '../../../service/refusals.js';

/** The body the API answers a refusal of the enrollment's decisions with. */
const bodyOf = (refusal: EnrollmentRefusal) => refusalBody(REFUSAL_ANSWERS, refuse(refusal));

/** What the API answers when a decision throws this refusal, through the one HTTP edge. */
async function answered(refusal: EnrollmentRefusal) {
  const app = new Hono();
  const lines: string[] = [];
  app.get('/', () => {
    throw refuse(refusal);
  });
  app.onError((err, c) =>
    toErrorResponse(
      err,
      c,
      createLogger('debug', (l) => lines.push(l)),
      REFUSAL_ANSWERS,
    ),
  );
  const res = await app.request('/');
  return { status: res.status, body: (await res.json()) as unknown, logged: lines };
}

describe('refusals worded at the HTTP edge', () => {
  it('given a refusal of the sale, then the API answers its status, sentence and kind', async () => {
    expect(await answered({ code: 'not_confirmable', status: 'pending' })).toEqual({
      status: 409,
      body: { error: 'This enrollment cannot be confirmed: it is pending.', code: 'conflict' },
      logged: [],
    });
    expect((await answered({ code: 'free_enrollment' })).body).toEqual({
      error: 'This enrollment is free: no payment is needed.',
      code: 'validation',
    });
    expect((await answered({ code: 'not_payable', status: 'cancelled' })).body).toEqual({
      error: 'This enrollment is cancelled and cannot be paid.',
      code: 'conflict',
    });
    expect((await answered({ code: 'enrollment_not_found' })).status).toBe(404);
  });

  it('given a refusal about a field, then the answer names it in issues with the same words', async () => {
    expect(await answered({ code: 'refund_over_refundable', refundableCents: 26_000, paidCents: 30_000 })).toEqual({
      status: 400,
      body: {
        error: 'refund: at most $260.00 can be refunded (paid $300.00, less $40.00 already refunded).',
        code: 'validation',
        issues: [
          {
            path: 'refund',
            message: 'refund: at most $260.00 can be refunded (paid $300.00, less $40.00 already refunded).',
          },
        ],
      },
      logged: [],
    });
    expect(await answered({ code: 'participant_out_of_range', count: 2 })).toMatchObject({
      status: 400,
      body: {
        code: 'participant_out_of_range',
        issues: [{ path: 'participant', message: 'participant: this enrollment has 2 participants (0 to 1).' }],
      },
    });
    expect(await answered({ code: 'participant_left', name: 'Ava Smith' })).toMatchObject({
      status: 409,
      body: { code: 'enrollment_not_active', issues: [{ path: 'participant' }] },
    });
  });

  it('given one reason worded for a whole enrollment or one participant, then each reads as it always has', () => {
    expect(bodyOf({ code: 'already_cancelled', scope: 'enrollment' }).error).toBe(
      'This enrollment is already cancelled; nothing more was refunded.',
    );
    expect(bodyOf({ code: 'already_cancelled', scope: 'participant' }).error).toBe(
      'This booking is already cancelled; nothing more was refunded.',
    );
    expect(bodyOf({ code: 'no_such_participant', decision: 'cancel', count: 1 }).error).toBe(
      'participant: this booking has one participant, 0 (counted from 0).',
    );
    expect(bodyOf({ code: 'no_such_participant', decision: 'transfer', count: 1 }).error).toBe(
      'participant: this booking has participants 0 to 0 (counted from 0).',
    );
    expect(bodyOf({ code: 'only_participant_left', decision: 'transfer', name: 'Rose' }).error).toBe(
      'Rose is the only participant still coming: transfer the whole booking instead.',
    );
    expect(
      bodyOf({ code: 'transfer_costs_more', title: 'Dinner', amountCents: 40_000, seats: 2, priceCents: 30_000 }).error,
    ).toBe(
      "Dinner costs $400.00 for 2 participants, $100.00 more than this enrollment's $300.00. A transfer cannot take more money: cancel this enrollment with a refund and have the parent enroll in that date.",
    );
  });

  it('given a refusal naming a participant, then the error itself carries only its code (a log of it names no one)', () => {
    const refused = refuse({ code: 'place_already_cancelled', name: 'Ava Smith' });
    expect(refused.message).toBe('place_already_cancelled');
    expect(refused.code).toBe('conflict');
  });
});
