import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { lineEntries, positionOf, waitlistDecider } from '../../../service/waitlist/waitlist-decider.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { WaitlistEvent } from '../../../contracts/waitlist/events.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import { testWorkshop, START } from './support.js';

const given = deciderSpec(waitlistDecider);
const at = '2026-03-02T15:00:00.000Z';
const until = '2026-03-03T15:00:00.000Z';
const nonce = 'n'.repeat(43);

const joined = (entryId: string, emailKey = `key-${entryId}`, participants = 1): WaitlistEvent => ({
  type: 'WaitlistJoined',
  data: {
    entryId,
    workshopId: 'w',
    firstName: 'Ann',
    lastName: 'Lee',
    email: `${entryId}@example.com`,
    phone: '9725550100',
    participants,
    emailKey,
    joinedAt: at,
  },
});
const MIN = 60_000;
const plus = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const DAY_LATER = plus(24 * 60 * MIN);
/** A join that needs confirming (since issue 22), from client `client`. */
const asked = (entryId: string, client = 'client-a', emailKey = `key-${entryId}`, joinedAt = at): WaitlistEvent => ({
  type: 'WaitlistJoined',
  data: {
    ...(joined(entryId, emailKey).data as Extract<WaitlistEvent, { type: 'WaitlistJoined' }>['data']),
    joinedAt,
    confirmBy: new Date(Date.parse(joinedAt) + 24 * 60 * MIN).toISOString(),
    clientKey: client,
  },
});
const join = (event: WaitlistEvent, max: number | null = 3) => ({
  type: 'JoinWaitlist' as const,
  entry: event.data as Extract<WaitlistEvent, { type: 'WaitlistJoined' }>['data'],
  max,
});
const confirmedEvent = (entryId: string, confirmedAt = at): WaitlistEvent => ({
  type: 'WaitlistEntryConfirmed',
  data: { entryId, confirmedAt },
});
const offered = (entryId: string, seats = 1): WaitlistEvent => ({
  type: 'WaitlistOffered',
  data: { entryId, offerId: `offer-${entryId}`, seats, tokenNonce: nonce, offeredAt: at, expiresAt: until },
});

describe('waitlist decider', () => {
  it('given a parent in the line, when the same e-mail joins again, then nothing is recorded', () => {
    const again = joined('e2', 'key-e1').data as Extract<WaitlistEvent, { type: 'WaitlistJoined' }>['data'];
    given([joined('e1')])
      .when({ type: 'JoinWaitlist', entry: again, max: 3 })
      .then([]);
  });

  it('given a parent who left, when the same e-mail joins again, then a new entry is recorded', () => {
    const again = joined('e2', 'key-e1');
    given([joined('e1'), { type: 'WaitlistLeft', data: { entryId: 'e1', leftAt: at } }])
      .when({ type: 'JoinWaitlist', entry: again.data as never, max: 3 })
      .then([again]);
  });

  it('given an entry offered already, when the offer is recorded again, then nothing is recorded (one offer per entry)', () => {
    const record = {
      type: 'RecordOffer' as const,
      entryId: 'e1',
      offerId: 'offer-e1',
      seats: 1,
      tokenNonce: nonce,
      at,
      expiresAt: until,
    };
    given([joined('e1')])
      .when(record)
      .then([offered('e1')]);
    given([joined('e1'), offered('e1')])
      .when(record)
      .then([]);
  });

  it('given an offer standing, when its parent leaves, then the leave names the offer (declined)', () => {
    given([joined('e1'), offered('e1')])
      .when({ type: 'LeaveWaitlist', entryId: 'e1', at })
      .then([{ type: 'WaitlistLeft', data: { entryId: 'e1', offerId: 'offer-e1', leftAt: at } }]);
  });

  it('given an offer accepted, when it is expired afterwards, then nothing is recorded', () => {
    const accepted: WaitlistEvent = {
      type: 'WaitlistOfferAccepted',
      data: { entryId: 'e1', offerId: 'offer-e1', enrollmentId: 'en1', acceptedAt: at },
    };
    given([joined('e1'), offered('e1'), accepted])
      .when({ type: 'ExpireOffer', offerId: 'offer-e1', at })
      .then([]);
  });
});

describe('waitlist decider: confirmation', () => {
  it('given a parent who asked and has not confirmed, when the same e-mail asks again, then nothing is recorded (the answer is the same either way)', () => {
    given([asked('e1', 'client-a', 'key-ada')])
      .when(join(asked('e2', 'client-b', 'key-ada', plus(MIN))))
      .then([]);
  });

  it('given an unconfirmed entry past its day, when the same e-mail asks again, then a new entry is recorded', () => {
    const again = asked('e2', 'client-a', 'key-ada', DAY_LATER);
    given([asked('e1', 'client-a', 'key-ada')])
      .when(join(again))
      .then([again]);
  });

  it('given an unconfirmed entry, when its link is used in time, then it is confirmed; a second time, nothing more', () => {
    given([asked('e1')])
      .when({ type: 'ConfirmEntry', entryId: 'e1', at: plus(MIN) })
      .then([confirmedEvent('e1', plus(MIN))]);
    given([asked('e1'), confirmedEvent('e1', plus(MIN))])
      .when({ type: 'ConfirmEntry', entryId: 'e1', at: plus(2 * MIN) })
      .then([]);
  });

  it('given an entry past its day or lapsed, when its link is used, then 410; unknown, 404; left, 409', () => {
    given([asked('e1')])
      .when({ type: 'ConfirmEntry', entryId: 'e1', at: DAY_LATER })
      .thenThrows({ code: 'gone', refusal: { code: 'confirm_link_expired' } });
    given([asked('e1'), { type: 'WaitlistEntryLapsed', data: { entryId: 'e1', lapsedAt: DAY_LATER } }])
      .when({ type: 'ConfirmEntry', entryId: 'e1', at: DAY_LATER })
      .thenThrows({ code: 'gone' });
    given([asked('e1')])
      .when({ type: 'ConfirmEntry', entryId: 'nobody', at })
      .thenThrows({ code: 'not_found', refusal: { code: 'confirm_link_invalid' } });
    given([asked('e1'), { type: 'WaitlistLeft', data: { entryId: 'e1', leftAt: at } }])
      .when({ type: 'ConfirmEntry', entryId: 'e1', at })
      .thenThrows({ code: 'conflict', refusal: { code: 'no_longer_waiting' } });
  });

  it('given an unconfirmed entry, when the lapse comes before its day is over, then nothing; after, it lapses once; a confirmed one never lapses', () => {
    given([asked('e1')])
      .when({ type: 'LapseEntry', entryId: 'e1', at: plus(24 * 60 * MIN - 1) })
      .then([]);
    given([asked('e1')])
      .when({ type: 'LapseEntry', entryId: 'e1', at: DAY_LATER })
      .then([{ type: 'WaitlistEntryLapsed', data: { entryId: 'e1', lapsedAt: DAY_LATER } }]);
    given([asked('e1'), { type: 'WaitlistEntryLapsed', data: { entryId: 'e1', lapsedAt: DAY_LATER } }])
      .when({ type: 'LapseEntry', entryId: 'e1', at: DAY_LATER })
      .then([]);
    given([asked('e1'), confirmedEvent('e1')])
      .when({ type: 'LapseEntry', entryId: 'e1', at: DAY_LATER })
      .then([]);
  });

  it('given one address with 3 entries on the list, when it asks for a 4th (even for an e-mail on the list), then 429 until its first unconfirmed entry lapses; another address is served', () => {
    const three = [
      asked('e1', 'client-a', 'k1'),
      asked('e2', 'client-a', 'k2', plus(MIN)),
      asked('e3', 'client-a', 'k3'),
    ];
    for (const emailKey of ['k4', 'k1'])
      given(three)
        .when(join(asked('e4', 'client-a', emailKey, plus(10 * MIN))))
        .thenThrows({
          code: 'rate_limited',
          refusal: { code: 'waitlist_cap_reached', max: 3, retryAfterSeconds: (24 * 60 - 10) * 60 },
        });
    const other = asked('e4', 'client-b', 'k4', plus(10 * MIN));
    given(three).when(join(other)).then([other]);
    // Lapsed or left, they no longer count; off (null), no cap.
    const mine = asked('e4', 'client-a', 'k4', DAY_LATER);
    given(three).when(join(mine)).then([mine]);
    given(three)
      .when(join(asked('e4', 'client-a', 'k4', plus(MIN)), null))
      .then([asked('e4', 'client-a', 'k4', plus(MIN))]);
  });

  it('given entries confirmed out of the order they joined, then the line and the places follow the confirmations; an unconfirmed entry has none', () => {
    const state = [
      asked('slow'),
      asked('quick'),
      asked('never'),
      confirmedEvent('quick'),
      confirmedEvent('slow'),
    ].reduce(waitlistDecider.evolve, waitlistDecider.initialState);
    expect(lineEntries(state).map((e) => e.id)).toEqual(['quick', 'slow']);
    expect(positionOf(state, 'quick')).toBe(1);
    expect(positionOf(state, 'slow')).toBe(2);
    // The place it would take if confirmed now.
    expect(positionOf(state, 'never')).toBe(3);
  });

  it('given the join e-mail recorded, when it is recorded again, then nothing', () => {
    const sent = {
      type: 'RecordConfirmationEmail' as const,
      entryId: 'e1',
      messageId: '<waitlist-join-e1@x>',
      transport: 'outbox' as const,
      at,
    };
    given([asked('e1')])
      .when(sent)
      .then([
        {
          type: 'WaitlistConfirmationEmailSent',
          data: { entryId: 'e1', messageId: '<waitlist-join-e1@x>', transport: 'outbox', sentAt: at },
        },
      ]);
    given([asked('e1'), { type: 'WaitlistConfirmationEmailSent', data: { ...sent, sentAt: at } } as WaitlistEvent])
      .when(sent)
      .then([]);
  });
});

describe('seat ledger: offer holds', () => {
  const workshop = testWorkshop('w', 3, START);
  const scheduled: WorkshopEvent = { type: 'WorkshopScheduled', data: { workshop } };
  const reserved = (enrollmentId: string, seats: number, extra = {}): WorkshopEvent => ({
    type: 'SeatsReserved',
    data: { workshopId: 'w', enrollmentId, seats, expiresAt: until, ...extra },
  });
  const offerHold = reserved('offer-e1', 2, { waitlistEntryId: 'e1' });
  const offer = {
    type: 'OfferSeats' as const,
    workshopId: 'w',
    offerId: 'offer-e1',
    waitlistEntryId: 'e1',
    seats: 2,
    expiresAt: until,
  };
  const reserve = (enrollmentId: string, seats: number, offerId?: string) => ({
    type: 'ReserveSeats' as const,
    workshopId: 'w',
    enrollmentId,
    seats,
    expiresAt: until,
    at,
    ...(offerId ? { offerId } : {}),
  });

  for (const [name, decider] of [['workshop decider', workshopDecider]] as const) {
    const spec = deciderSpec(decider);
    it(`${name}: given free seats, when seats are offered, then they are held for the entry; offered again, nothing more`, () => {
      spec([scheduled]).when(offer).then([offerHold]);
      spec([scheduled, offerHold]).when(offer).then([]);
    });

    it(`${name}: given too few free seats, when seats are offered, then the offer is refused`, () => {
      spec([scheduled, reserved('a', 2)])
        .when(offer)
        .thenThrows({ code: 'conflict' });
    });

    it(`${name}: given the last seats held for a parent who took an offer, when a stranger enrolls, then 409 and the hold stays; only the parent's own token replaces it`, () => {
      const taken = [
        scheduled,
        reserved('a', 1),
        offerHold,
        ...[
          {
            type: 'SeatsReleased',
            data: { workshopId: 'w', enrollmentId: 'offer-e1', seats: 2, reason: 'replaced', replacedBy: 'b' },
          } as WorkshopEvent,
          reserved('b', 2),
        ],
      ];
      spec(taken)
        .when(reserve('x', 1))
        .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 0, wanted: 1 } });
      spec(taken)
        .when({ ...reserve('c', 2), replaces: 'b' })
        .then([
          {
            type: 'SeatsReleased',
            data: { workshopId: 'w', enrollmentId: 'b', seats: 2, reason: 'replaced', replacedBy: 'c' },
          },
          reserved('c', 2),
        ]);
    });

    it(`${name}: given an offer holding the last seats, when a stranger enrolls, then 409; when the holder enrolls with it, the hold passes to the enrollment`, () => {
      spec([scheduled, reserved('a', 1), offerHold])
        .when(reserve('x', 1))
        .thenThrows({ code: 'conflict', refusal: { code: 'seats_short', left: 0, wanted: 1 } });
      spec([scheduled, reserved('a', 1), offerHold])
        .when(reserve('b', 2, 'offer-e1'))
        .then([
          {
            type: 'SeatsReleased',
            data: { workshopId: 'w', enrollmentId: 'offer-e1', seats: 2, reason: 'replaced', replacedBy: 'b' },
          },
          reserved('b', 2),
        ]);
    });
  }
});
