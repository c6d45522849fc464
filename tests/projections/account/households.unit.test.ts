import { describe, expect, it } from 'vitest';
import type { ChildData } from '../../../contracts/account/child.js';
import { householdsProjector } from '../../../projections/account/households.js';
import { given, on } from '../../support/projection.js';

const AT = '2025-05-01T12:00:00.000Z';
const child: ChildData = {
  name: 'Lily Whitfield',
  dateOfBirth: '2017-03-14',
  grade: '3rd',
  school: 'Hedgcoxe Elementary',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  medicalNotes: '',
  photographyConsent: false,
  allowNameWithPhoto: false,
  photographyOptOut: false,
};
const h = 'household-h1';
const created = {
  type: 'HouseholdCreated',
  data: { householdId: 'h1', parentId: 'p1', email: 'ann@example.com', createdAt: AT },
};

describe('households projector', () => {
  it('given a household with a child, a change and a signature, then the family and the child by id read as they are now; a removed child stays listed with its removal', async () => {
    await given(householdsProjector, [
      on(h, created),
      on(h, { type: 'ChildAdded', data: { householdId: 'h1', childId: 'c1', child, addedAt: AT } }),
      on(h, {
        type: 'ChildUpdated',
        data: {
          householdId: 'h1',
          childId: 'c1',
          child: { ...child, hasDietaryRestrictions: true, dietaryRestrictions: 'Peanuts' },
          changed: ['dietaryRestrictions'],
          updatedAt: AT,
        },
      }),
      on(h, {
        type: 'WaiverSigned',
        data: {
          householdId: 'h1',
          childId: 'c1',
          document: 'code-of-conduct',
          version: '1',
          signedName: 'Ann Lee',
          at: AT,
          parentId: 'p1',
          clientKey: 'client-key-1',
        },
      }),
      on(h, { type: 'ChildRemoved', data: { householdId: 'h1', childId: 'c1', removedAt: AT } }),
    ]).then({
      h1: expect.objectContaining({
        parents: [{ parentId: 'p1', email: 'ann@example.com', status: 'active', since: AT, founder: true }],
        children: [expect.objectContaining({ id: 'c1', dietaryRestrictions: 'Peanuts', removedAt: AT })],
        signatures: [{ childId: 'c1', document: 'code-of-conduct', version: '1', signedName: 'Ann Lee', signedAt: AT }],
      }),
      'child:c1': {
        id: 'child:c1',
        kind: 'child',
        householdId: 'h1',
        child: expect.objectContaining({ dietaryRestrictions: 'Peanuts' }),
        removed: true,
      },
    });
  });

  it('given a sign-in e-mail and a link used for the household, and one for an address with none yet, then only the household’s are listed', async () => {
    await given(householdsProjector, [
      on(h, created),
      on('sign-in-r1', {
        type: 'SignInEmailSent',
        data: { requestId: 'r1', householdId: null, messageId: '<a>', transport: 'outbox', sentAt: AT },
      }),
      on('sign-in-r1', { type: 'SignInLinkUsed', data: { requestId: 'r1', usedAt: AT, householdId: 'h1' } }),
      on('sign-in-r2', {
        type: 'SignInEmailSent',
        data: { requestId: 'r2', householdId: 'h1', messageId: '<b>', transport: 'outbox', sentAt: AT },
      }),
    ]).then({ h1: expect.objectContaining({ signInEmails: [AT], signIns: [AT] }) });
  });
});
