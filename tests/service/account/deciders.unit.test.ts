import { describe, expect, it } from 'vitest';
import type { AccountEmailEvent, HouseholdEvent, SignInEvent } from '../../../contracts/account/events.js';
import { EMPTY_HOUSEHOLD_DETAILS } from '../../../contracts/account/household.js';
import type { ChildData } from '../../../contracts/account/child.js';
import { accountEmailDecider } from '../../../service/account/account-email-decider.js';
import { householdDecider } from '../../../service/account/household-decider.js';
import { signInDecider } from '../../../service/account/sign-in-decider.js';

/** The one refusal of a link that cannot sign in: used, expired, forged alike. */
const LINK_REFUSED = { code: 'unauthorized', refusal: { code: 'sign_in_link_refused' } };
import { deciderSpec } from '../../support/decider.js';

const AT = '2025-05-01T12:00:00.000Z';
const LATER = '2025-05-01T12:19:59.000Z';
const EXPIRED = '2025-05-01T12:20:00.000Z';
const HASH = 'a'.repeat(64);

describe('the sign-in link decider: used once, within its 20 minutes, with its own secret', () => {
  const given = deciderSpec(signInDecider);
  const requested: SignInEvent = {
    type: 'SignInLinkRequested',
    data: {
      requestId: 'r1',
      email: 'ann@example.com',
      secretHash: HASH,
      expiresAt: EXPIRED,
      requestedAt: AT,
      clientKey: 'client-key-1',
    },
  };
  const use = (at: string, secretHash = HASH) => ({
    type: 'UseSignInLink' as const,
    requestId: 'r1',
    secretHash,
    householdId: 'h1',
    at,
  });

  it('given a link asked for, when used in time with its secret, then it is used, for that household', () => {
    given([requested])
      .when(use(LATER))
      .then([{ type: 'SignInLinkUsed', data: { requestId: 'r1', usedAt: LATER, householdId: 'h1' } }]);
  });

  it('given a link used once, when used again, then it is refused with the one answer', () => {
    given([requested, { type: 'SignInLinkUsed', data: { requestId: 'r1', usedAt: LATER } }])
      .when(use(LATER))
      .thenThrows(LINK_REFUSED);
  });

  it('given a link, when used at its expiry, with another secret, or never asked for, then each is refused alike', () => {
    given([requested]).when(use(EXPIRED)).thenThrows(LINK_REFUSED);
    given([requested])
      .when(use(LATER, 'b'.repeat(64)))
      .thenThrows(LINK_REFUSED);
    given([]).when(use(LATER)).thenThrows(LINK_REFUSED);
  });

  it('given the e-mail recorded as sent, when recorded again (a redelivery), then nothing is recorded', () => {
    const sent: SignInEvent = {
      type: 'SignInEmailSent',
      data: { requestId: 'r1', householdId: null, messageId: '<m>', transport: 'outbox', sentAt: AT },
    };
    given([requested, sent])
      .when({
        type: 'RecordSignInEmail',
        requestId: 'r1',
        householdId: null,
        messageId: '<m>',
        transport: 'outbox',
        at: AT,
      })
      .then([]);
  });
});

describe('the account e-mail decider: one household per address', () => {
  const given = deciderSpec(accountEmailDecider);
  const signIn = { type: 'SignInEmail' as const, newHouseholdId: 'new-h', newParentId: 'new-p', at: AT };
  const linked = (householdId: string, parentId: string): AccountEmailEvent => ({
    type: 'AccountEmailLinked',
    data: { householdId, parentId, linkedAt: AT },
  });
  const invited = (householdId: string, parentId: string): AccountEmailEvent => ({
    type: 'AccountEmailInvited',
    data: { householdId, parentId, invitedAt: AT },
  });

  it('given an address never seen, when it signs in, then it gets the new household', () => {
    given([])
      .when(signIn)
      .then([linked('new-h', 'new-p')]);
  });

  it('given an address linked already, when it signs in again, then nothing changes (its household stays)', () => {
    given([linked('h1', 'p1')])
      .when(signIn)
      .then([]);
  });

  it('given an address invited by a family, when it signs in without pressing "Join", then it gets a household of its own: a sign-in joins no one (issue 36 item 1)', () => {
    given([invited('h1', 'p2')])
      .when(signIn)
      .then([linked('new-h', 'new-p')]);
  });

  it('given an address invited by a family, when it presses "Join" within 7 days, then it joins that family as the invited parent; later, or for a family that did not invite it, the invitation has ended (410)', () => {
    const weekLater = new Date(Date.parse(AT) + 7 * 24 * 3_600_000).toISOString();
    given([invited('h1', 'p2')])
      .when({ ...signIn, join: 'h1' })
      .then([linked('h1', 'p2')]);
    given([invited('h1', 'p2')])
      .when({ ...signIn, join: 'h1', at: weekLater })
      .thenThrows({ code: 'gone' });
    given([invited('h1', 'p2')])
      .when({ ...signIn, join: 'h7' })
      .thenThrows({ code: 'gone' });
    given([linked('h9', 'p9'), invited('h1', 'p2')])
      .when({ ...signIn, join: 'h1' })
      .thenThrows({ code: 'conflict' });
  });

  it('given an address linked to another family, when invited, then the invitation is recorded all the same (no answer tells whether it has an account), and never moves it', () => {
    given([linked('h9', 'p9')])
      .when({ type: 'InviteEmail', householdId: 'h1', parentId: 'p2', at: AT })
      .then([invited('h1', 'p2')]);
    given([linked('h9', 'p9'), invited('h1', 'p2')])
      .when(signIn)
      .then([]);
  });

  it('given a linked parent removed by the household, when unlinked, then the address is free; unlinking again records nothing', () => {
    const unlinked: AccountEmailEvent = {
      type: 'AccountEmailUnlinked',
      data: { householdId: 'h1', parentId: 'p1', unlinkedAt: AT },
    };
    given([linked('h1', 'p1')])
      .when({ type: 'UnlinkEmail', householdId: 'h1', at: AT })
      .then([unlinked]);
    given([linked('h1', 'p1'), unlinked])
      .when({ type: 'UnlinkEmail', householdId: 'h1', at: AT })
      .then([]);
    given([linked('h1', 'p1'), unlinked])
      .when(signIn)
      .then([linked('new-h', 'new-p')]);
  });
});

describe('the household decider', () => {
  const given = deciderSpec(householdDecider);
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
  const created: HouseholdEvent = {
    type: 'HouseholdCreated',
    data: { householdId: 'h1', parentId: 'p1', email: 'ann@example.com', createdAt: AT },
  };
  const added: HouseholdEvent = { type: 'ChildAdded', data: { householdId: 'h1', childId: 'c1', child, addedAt: AT } };

  it('given no household, when a parent arrives, then the household is created with them; arriving again records nothing', () => {
    given([])
      .when({ type: 'ArriveParent', householdId: 'h1', parentId: 'p1', email: 'ann@example.com', at: AT })
      .then([created]);
    given([created])
      .when({ type: 'ArriveParent', householdId: 'h1', parentId: 'p1', email: 'ann@example.com', at: AT })
      .then([]);
  });

  it('given a parent removed, when that parent arrives through an old link of the address, then it is refused', () => {
    const removed: HouseholdEvent[] = [
      created,
      {
        type: 'ParentInvited',
        data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', invitedBy: 'p1', invitedAt: AT },
      },
      { type: 'ParentJoined', data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', joinedAt: AT } },
      { type: 'ParentRemoved', data: { householdId: 'h1', parentId: 'p2', removedBy: 'p1', removedAt: AT } },
    ];
    given(removed)
      .when({ type: 'ArriveParent', householdId: 'h1', parentId: 'p2', email: 'bo@example.com', at: AT })
      .thenThrows({ code: 'unauthorized', refusal: { code: 'parent_removed' } });
  });

  it('given a household, when a parent arrives without an open invitation for that address (none, ended, or another address), then it is refused as an ended invitation', () => {
    const invitedBo: HouseholdEvent = {
      type: 'ParentInvited',
      data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', invitedBy: 'p1', invitedAt: AT },
    };
    const arrive = {
      type: 'ArriveParent' as const,
      householdId: 'h1',
      parentId: 'p2',
      email: 'bo@example.com',
      at: AT,
    };
    given([created]).when(arrive).thenThrows({ code: 'gone' });
    given([created, invitedBo])
      .when({ ...arrive, at: new Date(Date.parse(AT) + 7 * 24 * 3_600_000).toISOString() })
      .thenThrows({ code: 'gone' });
    given([created, invitedBo])
      .when({ ...arrive, email: 'cy@example.com' })
      .thenThrows({ code: 'gone' });
    given([created, invitedBo])
      .when(arrive)
      .then([
        { type: 'ParentJoined', data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', joinedAt: AT } },
      ]);
  });

  it('given two parents, when a third is invited, then it is refused; a parent cannot remove themself', () => {
    const two: HouseholdEvent[] = [
      created,
      {
        type: 'ParentInvited',
        data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', invitedBy: 'p1', invitedAt: AT },
      },
    ];
    given(two)
      .when({ type: 'InviteParent', parentId: 'p3', email: 'cy@example.com', by: 'p1', at: AT })
      .thenThrows({ code: 'conflict', refusal: { code: 'two_parents_already' } });
    // Invited again: the same invitation (same parent id) made anew, its 7 days counted from now.
    given(two)
      .when({ type: 'InviteParent', parentId: 'p3', email: 'bo@example.com', by: 'p1', at: LATER })
      .then([
        {
          type: 'ParentInvited',
          data: { householdId: 'h1', parentId: 'p2', email: 'bo@example.com', invitedBy: 'p1', invitedAt: LATER },
        },
      ]);
    given(two)
      .when({ type: 'RemoveParent', parentId: 'p1', by: 'p1', at: AT })
      .thenThrows({ code: 'conflict', refusal: { code: 'cannot_remove_self' } });
  });

  it('given a child of this household, when changed, then the fields changed are named; unchanged records nothing; a child id it does not hold is 404', () => {
    given([created, added])
      .when({
        type: 'UpdateChild',
        childId: 'c1',
        child: { ...child, hasDietaryRestrictions: true, dietaryRestrictions: 'Peanuts' },
        at: AT,
      })
      .then([
        expect.objectContaining({
          type: 'ChildUpdated',
          data: expect.objectContaining({ changed: ['hasDietaryRestrictions', 'dietaryRestrictions'] }),
        }),
      ]);
    given([created, added]).when({ type: 'UpdateChild', childId: 'c1', child, at: AT }).then([]);
    given([created, added])
      .when({ type: 'UpdateChild', childId: 'other-household-child', child, at: AT })
      .thenThrows({ code: 'not_found', refusal: { code: 'child_not_found' } });
    given([created, added, { type: 'ChildRemoved', data: { householdId: 'h1', childId: 'c1', removedAt: AT } }])
      .when({
        type: 'SignWaivers',
        signatures: [{ childId: 'c1', document: 'code-of-conduct', version: '1', signedName: 'Ann Lee' }],
        parentId: 'p1',
        clientKey: 'client-key-1',
        at: AT,
      })
      .thenThrows({ code: 'not_found', refusal: { code: 'child_not_found' } });
  });

  it('given a booking’s offered details, when taken in, then children not already saved are added once and blank details filled; taking them again records nothing', () => {
    const take = {
      type: 'ImportBookingDetails' as const,
      enrollmentId: 'e1',
      children: [
        { childId: 'c2', child: { ...child, name: '  lily   WHITFIELD ' } },
        { childId: 'c3', child: { ...child, name: 'Max Whitfield' } },
      ],
      details: { ...EMPTY_HOUSEHOLD_DETAILS, firstName: 'Ann', phone: '9725550100' },
      at: AT,
    };
    given([created, added])
      .when(take)
      .then([
        expect.objectContaining({
          type: 'ChildAdded',
          data: expect.objectContaining({ childId: 'c3', fromEnrollmentId: 'e1' }),
        }),
        expect.objectContaining({
          type: 'HouseholdDetailsUpdated',
          data: expect.objectContaining({ changed: ['firstName', 'phone'] }),
        }),
        {
          type: 'BookingDetailsImported',
          data: { householdId: 'h1', enrollmentId: 'e1', childIds: ['c3'], importedAt: AT },
        },
      ]);
    given([
      created,
      added,
      { type: 'BookingDetailsImported', data: { householdId: 'h1', enrollmentId: 'e1', childIds: [], importedAt: AT } },
    ])
      .when(take)
      .then([]);
  });

  describe('matching a booking’s children to the family’s (issue 37)', () => {
    const matchChildren = (
      o: Partial<Extract<Parameters<typeof householdDecider.decide>[0], { type: 'MatchBookingChildren' }>> = {},
    ) => ({
      type: 'MatchBookingChildren' as const,
      enrollmentId: 'e1',
      matches: [{ participant: 1, childId: 'c1' }],
      added: [{ participant: 0, childId: 'c9', child: { ...child, name: 'Max Whitfield' } }],
      details: { ...EMPTY_HOUSEHOLD_DETAILS, firstName: 'Ann', phone: '9725550100' },
      by: 'p1',
      at: AT,
      ...o,
    });

    it('given a saved child, when a parent matches one child of a booking to them and adds the other, then the new child, the blank details filled in, and the match by index and id', () => {
      given([created, added])
        .when(matchChildren())
        .then([
          {
            type: 'ChildAdded',
            data: {
              householdId: 'h1',
              childId: 'c9',
              child: { ...child, name: 'Max Whitfield' },
              fromEnrollmentId: 'e1',
              addedAt: AT,
            },
          },
          expect.objectContaining({
            type: 'HouseholdDetailsUpdated',
            data: expect.objectContaining({ changed: ['firstName', 'phone'], by: 'booking' }),
          }),
          {
            type: 'BookingChildrenMatched',
            data: {
              householdId: 'h1',
              enrollmentId: 'e1',
              matches: [
                { participant: 0, childId: 'c9' },
                { participant: 1, childId: 'c1' },
              ],
              by: 'p1',
              matchedAt: AT,
            },
          },
        ]);
    });

    it('given a booking matched once, when matched again, then refused; an unknown or removed child, or someone not a parent, likewise', () => {
      const matched: HouseholdEvent = {
        type: 'BookingChildrenMatched',
        data: { householdId: 'h1', enrollmentId: 'e1', matches: [], by: 'p1', matchedAt: AT },
      };
      given([created, added, matched])
        .when(matchChildren())
        .thenThrows({ code: 'conflict', refusal: { code: 'children_matched_already' } });
      given([created]).when(matchChildren()).thenThrows({ code: 'not_found' });
      given([created, added, { type: 'ChildRemoved', data: { householdId: 'h1', childId: 'c1', removedAt: AT } }])
        .when(matchChildren())
        .thenThrows({ code: 'not_found' });
      given([created, added])
        .when(matchChildren({ by: 'stranger' }))
        .thenThrows({ code: 'unauthorized' });
    });
  });
});
