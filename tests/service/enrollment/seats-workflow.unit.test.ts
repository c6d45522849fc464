import { describe, expect, it } from 'vitest';
import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import {
  seatsWorkflow,
  type SeatsInput,
  type SeatsOutput,
} from '../../../service/enrollment/after-sale/seats-workflow.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

/**
 * The after-sale seats workflow read as given/when/then: given the booking's events (the input
 * among them, as the reactor reads them), when an input is handled, then the commands it emits. A
 * transfer ends in exactly one outcome: seats taken in the target and the move recorded, or the
 * target refusing and the transfer abandoned; then the workshop that lost gives its seats back.
 */
const NOW = new Date('2025-06-02T15:00:00.000Z');
const AT = NOW.toISOString();
const ID = 'e1';

const fold = (events: readonly EnrollmentEvent[]) => events.reduce(seatsWorkflow.evolve, seatsWorkflow.initialState);
/** The booking's events after a command, as its own decider decides it. */
const after = (events: readonly EnrollmentEvent[], command: EnrollmentCommand) => [
  ...events,
  ...enrollmentDecider.decide(command, fold(events)),
];
const given = (events: readonly EnrollmentEvent[]) => ({
  when: (input: SeatsInput) => ({
    then: (expected: readonly SeatsOutput[]) =>
      expect(seatsWorkflow.decide(input, fold(events), ID, NOW)).toEqual(expected),
  }),
});
const last = (events: readonly EnrollmentEvent[]) => events[events.length - 1]!;

const evening: PurchasedItem = {
  kind: 'workshop',
  id: '9',
  title: 'Etiquette After Dark',
  date: '2025-09-27T18:00:00-05:00',
  time: '6:00 PM - 9:00 PM',
  location: 'Plano',
  instructor: 'M',
  duration: '3 hours',
  category: 'adult',
  attire: 'Business',
  unitPriceCents: 13_000,
};
const sold: EnrollmentEvent[] = [submitted(ID), paid(ID, 30_000), confirmed(ID, 30_000)];
const requested = after(sold, { type: 'RequestTransfer', transferId: 't-1', toWorkshopId: '9', item: evening, at: AT });
const completed = after(requested, { type: 'CompleteTransfer', transferId: 't-1', at: AT });
const abandoned = after(requested, { type: 'AbandonTransfer', transferId: 't-1', reason: 'Full.', at: AT });

describe('after-sale seats workflow', () => {
  it('given a transfer requested, then the seats are taken in the target and the transfer completed, in that order', () => {
    given(requested)
      .when(last(requested))
      .then([
        {
          to: 'workshop',
          workshopId: '9',
          command: { type: 'TakeTransferSeats', workshopId: '9', enrollmentId: ID, seats: 2, at: AT },
        },
        { to: 'enrollment', enrollmentId: ID, command: { type: 'CompleteTransfer', transferId: 't-1', at: AT } },
      ]);
  });

  it('given the target refusing the seats, then the transfer is abandoned with its words', () => {
    given(requested)
      .when({ type: 'SeatsRefused', data: { transferId: 't-1', reason: 'Etiquette After Dark is full.' } })
      .then([
        {
          to: 'enrollment',
          enrollmentId: ID,
          command: { type: 'AbandonTransfer', transferId: 't-1', reason: 'Etiquette After Dark is full.', at: AT },
        },
      ]);
  });

  it('given a completed transfer, then the source gives its seats back; delivered again, the request is not settled twice', () => {
    given(completed)
      .when(completed.find((e) => e.type === 'EnrollmentTransferred')!)
      .then([
        {
          to: 'workshop',
          workshopId: '6',
          command: { type: 'GiveBackSeats', workshopId: '6', enrollmentId: ID, reason: 'transferred' },
        },
      ]);
    given(completed)
      .when(requested[requested.length - 1]!)
      .then([]);
    given(completed)
      .when({ type: 'SeatsRefused', data: { transferId: 't-1', reason: 'late' } })
      .then([]);
  });

  it('given an abandoned transfer, then seats a late runner took in the target go back, and the source keeps its own', () => {
    given(abandoned)
      .when(last(abandoned))
      .then([
        {
          to: 'workshop',
          workshopId: '9',
          command: { type: 'GiveBackSeats', workshopId: '9', enrollmentId: ID, reason: 'transferred' },
        },
      ]);
  });

  it('given a booking cancelled by the office, then its seats go back, held or sold', () => {
    const cancelledBooking = after(sold, {
      type: 'CancelBooking',
      by: 'admin',
      refund: { kind: 'none' },
      note: null,
      notify: false,
      at: AT,
    } as EnrollmentCommand);
    given(cancelledBooking)
      .when(cancelledBooking.find((e) => e.type === 'EnrollmentCancelled')!)
      .then([
        {
          to: 'workshop',
          workshopId: '6',
          command: { type: 'GiveBackSeats', workshopId: '6', enrollmentId: ID, reason: 'cancelled' },
        },
      ]);
  });

  it('given one participant moved to a booking of their own, then their seat is taken in the target, their booking opened, the move recorded', () => {
    const moving = after(sold, {
      type: 'RequestParticipantTransfer',
      participant: 1,
      transferId: 't-2',
      toWorkshopId: '9',
      item: evening,
      newEnrollmentId: 'e2',
      at: AT,
    });
    const outputs = seatsWorkflow.decide(last(moving), fold(moving), ID, NOW);
    expect(outputs.map((o) => [o.to, o.command.type])).toEqual([
      ['workshop', 'TakeTransferSeats'],
      ['enrollment', 'OpenTransferredPlace'],
      ['enrollment', 'CompleteParticipantTransfer'],
    ]);
    expect(outputs[0]).toMatchObject({ command: { enrollmentId: 'e2', seats: 1 } });
    expect(outputs[1]).toMatchObject({ enrollmentId: 'e2' });
  });
});
