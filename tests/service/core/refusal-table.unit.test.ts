import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Refusal, RefusalKind } from '../../../contracts/core/refusals.js';
import { ACCOUNT_REFUSAL_KINDS } from '../../../contracts/account/refusals.js';
import { ADMIN_REFUSAL_KINDS } from '../../../contracts/admin/refusals.js';
import { CATALOGUE_REFUSAL_KINDS } from '../../../contracts/catalogue/refusals.js';
import { COURSES_REFUSAL_KINDS } from '../../../contracts/courses/refusals.js';
import { ENROLLMENT_REFUSAL_KINDS } from '../../../contracts/enrollment/refusals.js';
import { GIFT_CARD_REFUSAL_KINDS } from '../../../contracts/gift-cards/refusals.js';
import { INQUIRY_REFUSAL_KINDS } from '../../../contracts/inquiries/refusals.js';
import { MESSAGE_REFUSAL_KINDS } from '../../../contracts/messages/refusals.js';
import { ORGANIZATION_REFUSAL_KINDS } from '../../../contracts/organizations/refusals.js';
import { PRICING_REFUSAL_KINDS } from '../../../contracts/pricing/refusals.js';
import { WAITLIST_REFUSAL_KINDS } from '../../../contracts/waitlist/refusals.js';
import { INSTRUCTOR_REFUSAL_KINDS } from '../../../contracts/instructors/refusals.js';
import { APPOINTMENT_REFUSAL_KINDS } from '../../../contracts/appointments/refusals.js';
import { REVIEW_REFUSAL_KINDS } from '../../../contracts/reviews/refusals.js';
import { CERTIFICATE_REFUSAL_KINDS } from '../../../contracts/certificates/refusals.js';
import { LOCATION_REFUSAL_KINDS } from '../../../contracts/locations/refusals.js';
import { createLogger } from '../../../platform/log.js';
import { refuser, type Refused } from '../../../service/core/errors.js';
import { STATUS, toErrorResponse } from '../../../service/core/http-errors.js';
import { REFUSAL_ANSWERS, REFUSAL_PARTS } from '../../../service/refusals.js';

/** Each slice's kinds, as its contract decides them, by the name of its part of the table. */
const KINDS: Record<keyof typeof REFUSAL_PARTS, Readonly<Record<string, RefusalKind>>> = {
  enrollment: ENROLLMENT_REFUSAL_KINDS,
  catalogue: CATALOGUE_REFUSAL_KINDS,
  waitlist: WAITLIST_REFUSAL_KINDS,
  account: ACCOUNT_REFUSAL_KINDS,
  admin: ADMIN_REFUSAL_KINDS,
  courses: COURSES_REFUSAL_KINDS,
  giftCards: GIFT_CARD_REFUSAL_KINDS,
  pricing: PRICING_REFUSAL_KINDS,
  inquiries: INQUIRY_REFUSAL_KINDS,
  messages: MESSAGE_REFUSAL_KINDS,
  instructors: INSTRUCTOR_REFUSAL_KINDS,
  appointments: APPOINTMENT_REFUSAL_KINDS,
  organizations: ORGANIZATION_REFUSAL_KINDS,
  reviews: REVIEW_REFUSAL_KINDS,
  certificates: CERTIFICATE_REFUSAL_KINDS,
  locations: LOCATION_REFUSAL_KINDS,
};

const refuseAny = refuser<Refusal>(Object.assign({}, ...Object.values(KINDS)));

/** What the API answers when a decider throws this refusal, through the one HTTP edge and the one table. */
async function answered(refused: Refused) {
  const app = new Hono();
  app.get('/', () => {
    throw refused;
  });
  app.onError((err, c) => toErrorResponse(err, c, createLogger('silent'), REFUSAL_ANSWERS));
  const res = await app.request('/');
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: await res.json() };
}

describe('refusals: their kind decided with their code (contracts/), their words in one table (service/refusals.ts)', () => {
  it('given every slice, then each code of its contract has words in its part of the table, and no other', () => {
    for (const [part, kinds] of Object.entries(KINDS))
      expect(Object.keys(REFUSAL_PARTS[part as keyof typeof KINDS]).sort(), part).toEqual(Object.keys(kinds).sort());
  });

  it('given every slice, then no two share a code: the one table has each code once', () => {
    const codes = Object.values(KINDS).flatMap((kinds) => Object.keys(kinds));
    expect(codes.length).toBeGreaterThan(90);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(REFUSAL_ANSWERS).sort()).toEqual([...codes].sort());
  });

  it('given a refusal code, then the error a decider throws carries the kind its contract gives it, and its message is the code alone', () => {
    const cases: [Refusal, RefusalKind][] = [
      [{ code: 'hold_expired' }, 'conflict'],
      [{ code: 'workshop_not_found' }, 'not_found'],
      [{ code: 'sales_closed' }, 'enrollment_closed'],
      [{ code: 'confirm_link_expired' }, 'gone'],
      [{ code: 'sign_in_link_refused' }, 'unauthorized'],
      [{ code: 'discount_code_refused' }, 'validation'],
      [{ code: 'makeup_credit_booked' }, 'credit_used'],
      [{ code: 'free_seats_capped' }, 'rate_limited'],
    ];
    for (const [refusal, kind] of cases) {
      const refused = refuseAny(refusal);
      expect([refused.code, refused.message, refused.refusal], refusal.code).toEqual([kind, refusal.code, refusal]);
    }
    for (const kinds of Object.values(KINDS))
      for (const [code, kind] of Object.entries(kinds)) expect(refuseAny({ code }).code).toBe(kind);
  });

  it('given refusals of several slices, then the API answers the status of their kind, their words, the field and Retry-After', async () => {
    expect(await answered(refuseAny({ code: 'confirm_link_expired' }))).toEqual({
      status: 410,
      retryAfter: null,
      body: {
        error:
          'This confirmation link has expired: places on the waitlist must be confirmed within a day. If you still want a place, please join the waitlist again from the schedule.',
        code: 'gone',
      },
    });
    const capped = await answered(refuseAny({ code: 'free_seats_capped', title: 'Tea', taken: 5, max: 5 } as Refusal));
    expect(capped).toMatchObject({ status: 429, retryAfter: '3600', body: { code: 'rate_limited' } });
    expect(capped.body.error).toMatch(
      /^You have already reserved 5 free seats for Tea, the most one family can reserve/,
    );
    expect(
      await answered(refuseAny({ code: 'gift_card_short', balanceCents: 1_000, amountCents: 3_000 } as Refusal)),
    ).toEqual({
      status: 409,
      retryAfter: null,
      body: {
        error:
          'This gift card now holds $10.00, less than the $30.00 this order was to take from it. Please check your order again.',
        code: 'conflict',
        issues: [
          {
            path: 'giftCardCode',
            message:
              'This gift card now holds $10.00, less than the $30.00 this order was to take from it. Please check your order again.',
          },
        ],
      },
    });
    expect(await answered(refuseAny({ code: 'no_such_session', title: 'Manners', count: 4 } as Refusal))).toEqual({
      status: 400,
      retryAfter: null,
      body: {
        error: 'session: Manners has 4 sessions (1 to 4).',
        code: 'validation',
        issues: [{ path: 'session', message: 'Manners has 4 sessions (1 to 4).' }],
      },
    });
    expect(
      (await answered(refuseAny({ code: 'discount_code_refused', reason: { code: 'too-few', min: 2 } } as Refusal)))
        .body,
    ).toEqual({
      error: 'This code is for 2 or more participants enrolled together.',
      code: 'validation',
      issues: [{ path: 'discountCode', message: 'This code is for 2 or more participants enrolled together.' }],
    });
    expect(STATUS.enrollment_closed).toBe(409);
  });
});
