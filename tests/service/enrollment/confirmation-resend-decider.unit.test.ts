import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-02T15:00:00.000Z';
const given = deciderSpec(enrollmentDecider);
const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];

const requested = (requestId: string): EnrollmentEvent => ({
  type: 'ConfirmationResendRequested',
  data: { enrollmentId: 'e1', requestId, orderId: 'ORD-e1', requestedAt: AT },
});
const resent = (requestId: string): EnrollmentEvent => ({
  type: 'ConfirmationEmailResent',
  data: {
    enrollmentId: 'e1',
    requestId,
    orderId: 'ORD-e1',
    messageId: `<ORD-e1.resend-${requestId}@x>`,
    transport: 'outbox',
    sentAt: AT,
  },
});

describe('resending the confirmation', () => {
  it('given a confirmed enrollment, when a resend is asked, then it is recorded with its order', () => {
    given(sold)
      .when({ type: 'RequestConfirmationResend', requestId: 'r1', at: AT })
      .then([requested('r1')]);
  });

  it('given the same request recorded, when it is asked again (a retried command), then nothing more', () => {
    given([...sold, requested('r1')])
      .when({ type: 'RequestConfirmationResend', requestId: 'r1', at: AT })
      .then([]);
  });

  it('given a pending enrollment, when a resend is asked, then it is refused: there is no confirmation yet', () => {
    given([submitted('e1')])
      .when({ type: 'RequestConfirmationResend', requestId: 'r1', at: AT })
      .thenThrows({ code: 'conflict' });
  });

  it('given a request, when its e-mail is recorded twice, then once', () => {
    const record = {
      type: 'RecordConfirmationResent' as const,
      requestId: 'r1',
      messageId: '<ORD-e1.resend-r1@x>',
      transport: 'outbox' as const,
      at: AT,
    };
    given([...sold, requested('r1')])
      .when(record)
      .then([resent('r1')]);
    given([...sold, requested('r1'), resent('r1')])
      .when(record)
      .then([]);
    // An e-mail for a request never made is not recorded.
    given(sold).when(record).then([]);
  });
});
