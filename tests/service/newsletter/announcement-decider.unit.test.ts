import { describe, it } from 'vitest';
import type { AnnouncementEvent } from '../../../contracts/newsletter/announcements.js';
import { announcementDecider } from '../../../service/newsletter/announcement-decider.js';
import { deciderSpec } from '../../support/decider.js';

const spec = deciderSpec(announcementDecider);
const AT = '2025-05-01T12:00:00.000Z';
const K = 'AbCdEfGhIjKlMnOpQrStUv';
const written: AnnouncementEvent = {
  type: 'AnnouncementWritten',
  data: { announcementId: 'a1', subject: 'Autumn', body: 'Open.', writtenAt: AT },
};
const sending: AnnouncementEvent = {
  type: 'AnnouncementSendRequested',
  data: { announcementId: 'a1', perMinute: 60, at: AT },
};
const delivered: AnnouncementEvent = {
  type: 'AnnouncementDelivered',
  data: { announcementId: 'a1', subscriberKey: K, outcome: 'sent', at: AT },
};
const deliver = {
  type: 'RecordDelivery' as const,
  announcementId: 'a1',
  subscriberKey: K,
  outcome: 'sent' as const,
  at: AT,
};

describe('an announcement', () => {
  it('given a draft, when it is sent, then the send is recorded with its pace; sent again, nothing', () => {
    const send = { type: 'SendAnnouncement' as const, announcementId: 'a1', perMinute: 60, at: AT };
    spec([written]).when(send).then([sending]);
    spec([written, sending]).when(send).then([]);
  });

  it('given nothing written, when a test or a send is asked, then nothing is recorded', () => {
    spec([]).when({ type: 'RequestTest', announcementId: 'a1', testId: 't1', at: AT }).then([]);
    spec([]).when({ type: 'SendAnnouncement', announcementId: 'a1', perMinute: 60, at: AT }).then([]);
  });

  it('given a send under way, when an address is reached, then it is recorded once; a second record of it, nothing', () => {
    spec([written, sending]).when(deliver).then([delivered]);
    spec([written, sending, delivered]).when(deliver).then([]);
  });

  it('given a draft not sent, when a delivery is recorded, then nothing is', () => {
    spec([written]).when(deliver).then([]);
  });

  it('given a send under way, when it completes, then it counts what was sent', () => {
    spec([written, sending, delivered])
      .when({ type: 'CompleteSend', announcementId: 'a1', at: AT })
      .then([{ type: 'AnnouncementSendCompleted', data: { announcementId: 'a1', sent: 1, at: AT } }]);
  });
});
