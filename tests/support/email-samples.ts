import type { EmailKind, EmailKinds, MailItem } from '../../service/mail/templates/index.js';

export const item: MailItem = {
  kind: 'workshop',
  title: 'Princess Tea Party',
  date: '2025-06-07T12:30:00-05:00',
  time: '12:30 PM - 2:00 PM',
  location: 'Legacy Commons Shopping Centre, 5800 Legacy Drive, Suite 120, Plano, TX 75024',
  attire: 'Dressy but not formal',
  instructor: 'Margaret Ellison',
};
export const later: MailItem = { ...item, title: 'Princess Tea Party (July)', date: '2025-07-12T12:30:00-05:00' };
export const PUBLIC_URL = 'https://greatlakesetiquette.com';

/** Props for every message the school sends: the renderer's tests and the e-mail screenshots use them. */
export const EMAIL_SAMPLES: { [K in EmailKind]: EmailKinds[K] } = {
  confirmation: {
    firstName: 'Ann',
    orderId: 'ORD-e1',
    orderReference: 'GL-123456',
    isFree: false,
    amountCents: 15_000,
    paymentMethod: 'Credit Card',
    item,
    attendees: ['Ann Lee', 'Mia Lee'],
    receipt: 'RECEIPT\nOrder number: ORD-e1\n',
    hasCalendar: true,
    orderUrl: `${PUBLIC_URL}/order-confirmation?orderId=ORD-e1`,
    manageUrl: null,
    noReminderWithinHours: null,
    publicUrl: PUBLIC_URL,
  },
  reminder: {
    firstName: 'Ann',
    orderId: 'ORD-e1',
    item,
    attendees: ['Ann Lee', 'Mia Lee'],
    hasCalendar: true,
    orderUrl: null,
    manageUrl: null,
    publicUrl: PUBLIC_URL,
  },
  'waitlist-offer': {
    firstName: 'Bea',
    item,
    seats: 2,
    amountCents: 15_000,
    expiresAt: '2025-06-02T17:00:00.000Z',
    claimUrl: `${PUBLIC_URL}/waitlist/offer/abc`,
    leaveUrl: `${PUBLIC_URL}/waitlist/leave?token=def`,
    publicUrl: PUBLIC_URL,
  },
  cancellation: {
    firstName: 'Ann',
    orderId: 'ORD-e1',
    item,
    cancelledBy: 'school',
    reason: 'The instructor is ill',
    paidCents: 15_000,
    refundCents: 5_000,
    publicUrl: PUBLIC_URL,
  },
  refund: {
    firstName: 'Ann',
    orderId: 'ORD-e1',
    item,
    amountCents: 2_500,
    paidCents: 15_000,
    refundedCents: 7_500,
    reason: 'A participant could not come',
    publicUrl: PUBLIC_URL,
  },
  transfer: {
    firstName: 'Ann',
    orderId: 'ORD-e1',
    from: item,
    to: later,
    attendees: ['Ann Lee'],
    refundCents: 1_000,
    hasCalendar: true,
    manageUrl: null,
    publicUrl: PUBLIC_URL,
  },
};
