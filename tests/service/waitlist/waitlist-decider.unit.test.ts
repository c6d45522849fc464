import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { waitlistDecider } from '../../../service/waitlist/waitlist-decider.js';
import { seatLedgerDecider } from '../../../service/enrollment/seat-ledger.js';
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
const offered = (entryId: string, seats = 1): WaitlistEvent => ({
  type: 'WaitlistOffered',
  data: { entryId, offerId: `offer-${entryId}`, seats, tokenNonce: nonce, offeredAt: at, expiresAt: until },
});

describe('waitlist decider', () => {
  it('given a parent in the line, when the same e-mail joins again, then nothing is recorded', () => {
    const again = joined('e2', 'key-e1').data as Extract<WaitlistEvent, { type: 'WaitlistJoined' }>['data'];
    given([joined('e1')])
      .when({ type: 'JoinWaitlist', entry: again })
      .then([]);
  });

  it('given a parent who left, when the same e-mail joins again, then a new entry is recorded', () => {
    const again = joined('e2', 'key-e1');
    given([joined('e1'), { type: 'WaitlistLeft', data: { entryId: 'e1', leftAt: at } }])
      .when({ type: 'JoinWaitlist', entry: again.data as never })
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

  for (const [name, decider] of [
    ['catalogue decider', workshopDecider],
    ['seat ledger', seatLedgerDecider],
  ] as const) {
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

    it(`${name}: given an offer holding the last seats, when a stranger enrolls, then 409; when the holder enrolls with it, the hold passes to the enrollment`, () => {
      spec([scheduled, reserved('a', 1), offerHold])
        .when(reserve('x', 1))
        .thenThrows(/full/);
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
