import { afterEach, describe, expect, it } from 'vitest';
import { makeEnrollmentApp, strictForm, type EnrollmentTestApp } from './support.js';
import type { EnrollmentLookup, EnrollmentResponse } from '../../../contracts/enrollment/api.js';

/**
 * GET /api/enrollments/{id} answers what a checkout needs (item, participants, amount, status,
 * hold) and nothing that names a person: an enrollment id travels in checkout addresses.
 */

let t: EnrollmentTestApp;
afterEach(async () => {
  await t?.close();
});

const PERSONAL = [
  'Eleanor',
  'Whitfield',
  'eleanor@example.com',
  '9725550100',
  'Rose Porter',
  'rose@example.com',
  'Lily',
  'Hedgcoxe',
  'Ruth Porter',
  '9725550101',
  '9725550102',
  'Grandmother',
  'peanut',
  'wheelchair',
];

describe('enrollment lookup', () => {
  it('given a children’s enrollment with every personal field filled, when it is looked up, then the answer carries the checkout’s figures and none of the personal data', async () => {
    t = await makeEnrollmentApp();
    const form = strictForm({
      participants: 2,
      participantNames: 'Rose Porter',
      parent2Name: 'Rose Porter',
      parent2Email: 'rose@example.com',
      parent2Phone: '9725550103',
      hasDietaryRestrictions: true,
      dietaryRestrictions: 'peanut allergy',
      specialRequirements: 'wheelchair access',
    });
    const enrolled = (await (
      await t.post('/api/enroll/workshop/4', { ...form, totalPrice: 150 })
    ).json()) as EnrollmentResponse;

    const r = await t.get(`/api/enrollments/${enrolled.enrollmentId}?minPosition=${enrolled.position}`);

    expect(r.status).toBe(200);
    const text = await r.text();
    const body = JSON.parse(text) as EnrollmentLookup;
    expect(Object.keys(body).sort()).toEqual([
      'amountCents',
      'holdExpiresAt',
      'id',
      'isFree',
      'orderId',
      'participants',
      'paymentStatus',
      // The price breakdown (lines and amounts, no names): what the checkout charges now.
      'pricing',
      'programId',
      'status',
      'title',
      'workshopId',
    ]);
    expect(body).toMatchObject({
      id: enrolled.enrollmentId,
      status: 'pending',
      paymentStatus: 'pending',
      orderId: null,
      workshopId: '4',
      title: 'Princess Tea Party',
      participants: 2,
      amountCents: 15000,
      isFree: false,
      holdExpiresAt: enrolled.holdExpiresAt,
    });
    for (const word of PERSONAL)
      expect({ word, found: text.toLowerCase().includes(word.toLowerCase()) }).toEqual({ word, found: false });
  });

  it('given an unknown enrollment id, when it is looked up, then 404 with a readable error', async () => {
    t = await makeEnrollmentApp();
    const r = await t.get('/api/enrollments/no-such-enrollment');
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: string }).error).toMatch(/could not find/);
  });
});
