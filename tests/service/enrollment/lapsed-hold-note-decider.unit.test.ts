import { describe, it } from 'vitest';
import { lapsedHoldNoteDecider } from '../../../service/enrollment/lapsed-hold/lapsed-hold-note-decider.js';
import type { LapsedHoldNoteEvent } from '../../../contracts/enrollment/lapsed-hold-notes.js';
import { deciderSpec } from '../../support/decider.js';

const spec = deciderSpec(lapsedHoldNoteDecider);
const AT = '2025-05-01T12:00:00.000Z';
const sent = (workshopId: string, enrollmentId: string): LapsedHoldNoteEvent => ({
  type: 'LapsedHoldNoteSent',
  data: {
    workshopId,
    enrollmentId,
    emailMessageId: `<lapsed-hold-${enrollmentId}@x>`,
    transport: 'outbox',
    sentAt: AT,
  },
});
const record = (workshopId: string, enrollmentId: string) => ({
  type: 'RecordLapsedHoldNote' as const,
  workshopId,
  enrollmentId,
  emailMessageId: `<lapsed-hold-${enrollmentId}@x>`,
  transport: 'outbox' as const,
  at: AT,
});

describe('the lapsed-hold notes of one address', () => {
  it('given no note, when a lapse is recorded, then the note is recorded', () => {
    spec([])
      .when(record('6', 'e1'))
      .then([sent('6', 'e1')]);
  });

  it('given a note about the workshop, when a second lapse there is recorded, then nothing is', () => {
    spec([sent('6', 'e1')])
      .when(record('6', 'e2'))
      .then([]);
  });

  it('given a note about another workshop, when a lapse is recorded, then it is recorded', () => {
    spec([sent('5', 'e1')])
      .when(record('6', 'e2'))
      .then([sent('6', 'e2')]);
  });

  it('given a sent note, when its refill is used, then it is recorded once, and a second use records nothing', () => {
    const used: LapsedHoldNoteEvent = {
      type: 'LapsedHoldRefillUsed',
      data: { workshopId: '6', enrollmentId: 'e1', at: AT },
    };
    spec([sent('6', 'e1')])
      .when({ type: 'UseLapsedHoldRefill', workshopId: '6', enrollmentId: 'e1', at: AT })
      .then([used]);
    spec([sent('6', 'e1'), used])
      .when({ type: 'UseLapsedHoldRefill', workshopId: '6', enrollmentId: 'e1', at: AT })
      .then([]);
  });

  it('given no note for the booking, when a refill is used, then nothing is recorded', () => {
    spec([sent('6', 'e1')])
      .when({ type: 'UseLapsedHoldRefill', workshopId: '6', enrollmentId: 'e9', at: AT })
      .then([]);
  });

  it('given notes, when the address stops them, then it is recorded once', () => {
    spec([])
      .when({ type: 'StopLapsedHoldNotes', at: AT })
      .then([{ type: 'LapsedHoldNotesStopped', data: { at: AT } }]);
    spec([{ type: 'LapsedHoldNotesStopped', data: { at: AT } }])
      .when({ type: 'StopLapsedHoldNotes', at: AT })
      .then([]);
  });
});
