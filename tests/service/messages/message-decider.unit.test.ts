import { describe, it } from 'vitest';
import type { WorkshopMessageEvent, WorkshopMessageWritten } from '../../../contracts/messages/events.js';
import { workshopMessageDecider } from '../../../service/messages/message-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(workshopMessageDecider);
const AT = '2025-05-01T12:00:00.000Z';

const message: WorkshopMessageWritten = {
  messageId: 'm1',
  workshopId: '6',
  audience: 'enrolled',
  subject: 'Snow day',
  body: 'No class today.',
  recipients: [
    { id: 'e1', enrollmentIds: ['e1', 'e2'] },
    { id: 'e3', enrollmentIds: ['e3'] },
  ],
  writtenAt: AT,
};
const written: WorkshopMessageEvent = { type: 'WorkshopMessageWritten', data: message };
const sentTo = (recipientId: string, enrollmentIds: string[]): WorkshopMessageEvent => ({
  type: 'WorkshopMessageSent',
  data: {
    messageId: 'm1',
    workshopId: '6',
    recipientId,
    enrollmentIds,
    subject: 'Snow day',
    emailMessageId: `<workshop-message-m1-${recipientId}@x>`,
    transport: 'outbox',
    sentAt: AT,
  },
});
const send = (recipientId: string) =>
  ({
    type: 'RecordMessageSent',
    recipientId,
    emailMessageId: `<workshop-message-m1-${recipientId}@x>`,
    transport: 'outbox',
    at: AT,
  }) as const;

describe('workshop message decider', () => {
  it('given no message, when one is written, then it is recorded with its recipients', () => {
    given([]).when({ type: 'WriteWorkshopMessage', message }).then([written]);
  });

  it('given a message, when the same stream is written again, then it is refused', () => {
    given([written]).when({ type: 'WriteWorkshopMessage', message }).thenThrows({ code: 'conflict' });
  });

  it("given a message, when a family's e-mail has left, then it is marked sent with that family's bookings", () => {
    given([written])
      .when(send('e1'))
      .then([sentTo('e1', ['e1', 'e2'])]);
  });

  it('given a family already marked sent, when it is marked again (a redelivery), then nothing is recorded', () => {
    given([written, sentTo('e1', ['e1', 'e2'])])
      .when(send('e1'))
      .then([]);
    given([written, sentTo('e1', ['e1', 'e2'])])
      .when({ type: 'RecordMessageUndeliverable', recipientId: 'e1', reason: 'x', at: AT })
      .then([]);
  });

  it('given a message, when someone not among its recipients is marked, then nothing is recorded', () => {
    given([written]).when(send('stranger')).then([]);
    given([]).when(send('e1')).then([]);
  });

  it('given a family whose booking is gone, when it is marked undeliverable, then that is recorded with the reason', () => {
    given([written])
      .when({
        type: 'RecordMessageUndeliverable',
        recipientId: 'e3',
        reason: 'The booking is no longer recorded.',
        at: AT,
      })
      .then([
        {
          type: 'WorkshopMessageUndeliverable',
          data: {
            messageId: 'm1',
            workshopId: '6',
            recipientId: 'e3',
            enrollmentIds: ['e3'],
            reason: 'The booking is no longer recorded.',
            at: AT,
          },
        },
      ]);
  });
});
