import { readFileSync } from 'node:fs';
import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailKind, type EmailKinds } from '../../../service/mail/templates/index.js';
import { EMAIL_SAMPLES, item, PUBLIC_URL } from '../../support/email-samples.js';
import { COLORS, COLOR_TOKENS, FONTS } from '../../../service/mail/templates/theme.js';
import { confirmationTemplate } from '../../../service/mail/templates/confirmation.js';
import { signInTemplate } from '../../../service/mail/templates/sign-in.js';
import { workshopMessageTemplate } from '../../../service/mail/templates/workshop-message.js';

/** Props for every kind of message, and what its text and HTML must both say. */
const cases: { [K in EmailKind]: { props: EmailKinds[K]; subject: RegExp; says: string[] } } = {
  confirmation: {
    props: EMAIL_SAMPLES.confirmation,
    subject: /^Your enrollment is confirmed: Princess Tea Party \(ORD-e1\)$/,
    says: ['Dear Ann,', 'Princess Tea Party', 'ORD-e1', 'GL-123456', '$150.00', 'arrive 15 minutes early'],
  },
  reminder: {
    props: EMAIL_SAMPLES.reminder,
    subject: /^Reminder: Princess Tea Party on Saturday, June 7 \(ORD-e1\)$/,
    says: [
      'Dear Ann,',
      'Saturday, June 7, 2025',
      '12:30 PM - 2:00 PM',
      '5800 Legacy Drive, Suite 120, Plano, TX 75024',
      'Dressy but not formal',
      'Ann Lee, Mia Lee',
      'Please arrive 15 minutes early',
      'attached calendar file',
    ],
  },
  'waitlist-confirm': {
    props: EMAIL_SAMPLES['waitlist-confirm'],
    subject: /^Confirm your place on the waitlist: Princess Tea Party$/,
    says: [
      'Dear Bea,',
      'Please confirm within 24 hours',
      'June 2, 2025 at 12:00 PM',
      'you will be 3rd on the waitlist',
      '2 participants',
      'we hold them for 24 hours for the first family on the list that fits',
      'nothing happens unless you confirm',
    ],
  },
  'waitlist-offer': {
    props: EMAIL_SAMPLES['waitlist-offer'],
    subject: /^A place has opened for you: Princess Tea Party$/,
    says: ['Dear Bea,', '2 places opened', 'June 2, 2025 at 12:00 PM', '$150.00', 'waiting list'],
  },
  cancellation: {
    props: EMAIL_SAMPLES.cancellation,
    subject: /^Your enrollment is cancelled: Princess Tea Party \(ORD-e1\)$/,
    says: [
      'Dear Ann,',
      'cancelled by the school',
      'The instructor is ill',
      '$50.00',
      '$150.00',
      'Saturday, June 7, 2025',
    ],
  },
  refund: {
    props: EMAIL_SAMPLES.refund,
    subject: /^Refund of \$25\.00 for order ORD-e1$/,
    says: ['Dear Ann,', '$25.00', '$150.00', '$75.00', 'A participant could not come', '5 to 10 business days'],
  },
  transfer: {
    props: EMAIL_SAMPLES.transfer,
    subject: /^Your enrollment has moved: Princess Tea Party \(July\) on Saturday, July 12, 2025 \(ORD-e1\)$/,
    says: [
      'Dear Ann,',
      'Princess Tea Party on Saturday, June 7, 2025',
      'Saturday, July 12, 2025',
      '$10.00',
      'arrive 15 minutes early',
    ],
  },
  'administrator-change': {
    props: EMAIL_SAMPLES['administrator-change'],
    subject: /^Administrator role changed: June Park is now an instructor$/,
    says: [
      'June Park (june@example.com) was changed from manager to instructor by Owner on June 2, 2025 at 12:00 PM',
      'workshops they teach',
      'change ADMIN_KEY on the server',
    ],
  },
  rescheduled: {
    props: EMAIL_SAMPLES.rescheduled,
    subject: /^New date for Princess Tea Party: Saturday, June 14, 2025 \(ORD-e1\)$/,
    says: [
      'Dear Ann,',
      'change the date and place of Princess Tea Party',
      'Saturday, June 7, 2025, 12:30 PM - 2:00 PM, at Legacy Commons Shopping Centre',
      'Saturday, June 14, 2025',
      'The Garden Room, 5800 Legacy Drive',
      'Ann Lee, Mia Lee',
      'with a full refund until June 1, 2025 at 12:30 PM, Central Time',
      'The attached calendar file moves the class in your calendar.',
    ],
  },
  'workshop-message': {
    props: EMAIL_SAMPLES['workshop-message'],
    subject: /^Room change for Saturday – Princess Tea Party$/,
    says: [
      'Dear families,',
      'This Saturday we meet in the Garden Room',
      'See you there!',
      'Saturday, June 7, 2025',
      '12:30 PM - 2:00 PM',
      'Manage your booking',
      'You are receiving this because you booked Princess Tea Party on Saturday, June 7.',
    ],
  },
  'balance-reminder': {
    props: EMAIL_SAMPLES['balance-reminder'],
    subject: /^Balance of \$200\.00 due Saturday, May 24: Princess Tea Party$/,
    says: ['Dear Ann,', 'The balance of $200.00 is due on Saturday, May 24, 2025.', 'Pay the balance'],
  },
  'gift-card': {
    props: EMAIL_SAMPLES['gift-card'],
    subject: /^Ada Lovelace sent you a \$50\.00 gift card$/,
    says: [
      'Dear Grace Hopper,',
      '7QXM-3KPD-9HRT-2WVB',
      'Happy birthday, Grace!',
      'Enjoy the tea party.',
      'Print your card',
    ],
  },
  'lesson-pack': {
    props: EMAIL_SAMPLES['lesson-pack'],
    subject: /^Your 4-lesson pack for Private Etiquette Lesson$/,
    says: ['Dear Ada Lovelace,', '7QXM-3KPD-9HRT-2WVB', 'Use until', '2025-09-01', 'Book a lesson'],
  },
  'sign-in': {
    props: EMAIL_SAMPLES['sign-in'],
    subject: /^Sign-in link for the family page at Great Lakes Etiquette$/,
    says: [
      'Hello,',
      '/account/sign-in/req1.',
      'works once, within 20 minutes',
      'nothing happens unless the link is used',
    ],
  },
  'parent-invited': {
    props: EMAIL_SAMPLES['parent-invited'],
    subject: /^A second parent was invited to share the family page at Great Lakes Etiquette$/,
    says: [
      'ann@example.com invited bo@example.com to share your family page',
      'press “Join” after signing in',
      'Sign out everywhere',
      'Was this not you?',
    ],
  },
  'inquiry-received': {
    props: EMAIL_SAMPLES['inquiry-received'],
    subject: /^New consultation request from Bo Park \(Park & Co\)$/,
    says: ['Dear Owner,', 'Bo Park (Park & Co)', 'Next Tuesday', 'We would like an evening in May.', 'See the inbox'],
  },
  'absence-noted': {
    props: EMAIL_SAMPLES['absence-noted'],
    subject: /^Absence noted for session 3: Manners & Me \(ORD-e1\)$/,
    says: ['Dear Ann,', 'Lily will miss Session 3 of 4, Saturday, August 16', 'make-up credit', 'November 14, 2025'],
  },
  'makeup-changed': {
    props: EMAIL_SAMPLES['makeup-changed'],
    subject: /^Make-up booked: Manners & Me \(Tuesdays\) \(ORD-e1\)$/,
    says: ['Dear Ann,', 'Lily has a make-up seat in Session 2 of 4, Tuesday, August 12', 'adds the make-up session'],
  },
  'payment-receipt': {
    props: EMAIL_SAMPLES['payment-receipt'],
    subject: /^Receipt GC-4F7Q: Gift card for Grace Hopper, \$100\.00$/,
    says: [
      'Dear Ada,',
      'Gift card for Grace Hopper',
      '$100.00',
      'June 2, 2025 at 10:00 AM',
      'Credit Card',
      'a PDF copy',
    ],
  },
  'installment-declined': {
    props: EMAIL_SAMPLES['installment-declined'],
    subject: /^Your card was declined: instalment 2 of 3, Summer Etiquette Camp$/,
    says: [
      'Dear Ann,',
      'instalment 2 of 3 ($100.00) for Summer Etiquette Camp',
      'Your card was declined.',
      'try the saved card again on',
      'another card',
    ],
  },
  'booking-link': {
    props: EMAIL_SAMPLES['booking-link'],
    subject: /^Your new link to manage booking ORD-e1$/,
    says: [
      'Dear Ann,',
      'ORD-e1 (Princess Tea Party)',
      'only to the address the booking was made with',
      'no longer open it',
    ],
  },
  'review-request': {
    props: EMAIL_SAMPLES['review-request'],
    subject: /^How was Princess Tea Party\?$/,
    says: ['Dear Ann,', 'only families whose children attended', 'until September 18, 2025', '/review/e1.'],
  },
  appointment: {
    props: EMAIL_SAMPLES.appointment,
    subject: /^Your appointment is booked: Private Etiquette Lesson, Tuesday, March 5, 2030/,
    says: ['Dear Ann,', 'Margaret Ellison', 'Emma Bennett', '$250.00', '/appointment/a1.'],
  },
  'instructor-notice': {
    props: EMAIL_SAMPLES['instructor-notice'],
    subject: /^A new appointment was booked with you: Private Etiquette Lesson/,
    says: ['Dear Margaret Ellison,', 'Emma Bennett', 'Job interview on Friday.'],
  },
  certificate: {
    props: EMAIL_SAMPLES.certificate,
    subject: /^Certificate of completion: Lily Whitfield, Etiquette After Dark$/,
    says: ['Dear Harriet,', 'Lily Whitfield', 'GL-C-2025-00001', 'is attached', '/certificate/GL-C-2025-00001.'],
  },
};

/** Character references decoded, as a browser reads attribute values and text. */
const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The HTML as a reader sees it: the hidden preview, comments and tags gone, white space collapsed. */
const visibleText = (html: string) =>
  decode(
    html
      .replace(/<head>[\s\S]*?<\/head>/, '')
      .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.)])/g, '$1')
    .replace(/\(\s+/g, '(');

describe('e-mail renderer', () => {
  it('given a confirmation with a sibling discount, a code, a gift card and a balance due, then every line and the balance show', async () => {
    const { text, html } = await renderEmail('confirmation', {
      ...cases.confirmation.props,
      lines: [
        { kind: 'seats', label: '$250.00 x 2 participants', amountCents: 50_000 },
        { kind: 'sibling', label: 'Sibling discount: 10% off 1 participant', amountCents: -2_500 },
        { kind: 'discount-code', label: 'Code SPRING10: 10% off', amountCents: -4_750 },
        { kind: 'gift-card', label: 'Gift card ending 2WVB', amountCents: -5_000 },
      ],
      totalCents: 42_750,
      balanceCents: 27_750,
      balanceDueAt: '2025-06-09T09:00:00-05:00',
    });
    const seen = visibleText(html);
    for (const words of [
      'Sibling discount: 10% off 1 participant',
      'Code SPRING10: 10% off',
      'Gift card ending 2WVB',
    ]) {
      expect(seen).toContain(words);
      expect(text).toContain(words);
    }
    expect(seen).toContain('-$47.50');
    expect(seen).toContain('$427.50');
    expect(text).toContain('we received $150.00');
    expect(text).toContain('A balance of $277.50 is due by Monday, June 9, 2025');
    expect(seen).toContain('Pay the balance');
  });

  for (const kind of Object.keys(cases) as EmailKind[]) {
    it(`given ${kind} props, then the subject, the plain text and the HTML all carry the message's facts`, async () => {
      const { props, subject, says } = cases[kind];
      const mail = await renderEmail(kind, props as never);
      expect(mail.subject).toMatch(subject);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      const seen = visibleText(mail.html);
      for (const fact of says) {
        expect(mail.text, `text part of ${kind}`).toContain(fact);
        expect(seen, `HTML part of ${kind}`).toContain(fact);
      }
    });
  }

  // React's streaming render marks its boundaries and splits adjacent texts with comments; the
  // comments a template writes itself (Outlook's conditional ones, in the button) stay.
  const REACT_MARKERS = /<!--(?:\$|\/\$| |html|head|body)-->/g;
  for (const [kind, template] of [
    ['confirmation', confirmationTemplate],
    ['sign-in', signInTemplate],
    ['workshop-message', workshopMessageTemplate],
  ] as const) {
    it(`given ${kind} props, then its HTML is the document @react-email/render makes, less the comments React leaves for hydration`, async () => {
      const props = EMAIL_SAMPLES[kind];
      const { html } = await renderEmail(kind, props as never);
      const streamed = await render(template.html(props as never));

      expect(streamed).toMatch(REACT_MARKERS);
      expect(html).toBe(streamed.replace(REACT_MARKERS, ''));
      expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    });
  }

  it('given a message to the booked families, then each booking link is in both parts; to the waitlist, the leave link and no booking link', async () => {
    const enrolled = cases['workshop-message'].props;
    const two = await renderEmail('workshop-message', {
      ...enrolled,
      bookings: [...enrolled.bookings, { orderId: 'ORD-e2', manageUrl: `${PUBLIC_URL}/booking/e2.signature` }],
    });
    for (const id of ['e1', 'e2']) {
      expect(two.text).toContain(`${PUBLIC_URL}/booking/${id}.signature`);
      expect(two.html).toContain(`href="${PUBLIC_URL}/booking/${id}.signature"`);
    }
    expect(two.text).toContain('Manage booking ORD-e2:');
    const waitlist = await renderEmail('workshop-message', {
      ...enrolled,
      audience: 'waitlist',
      bookings: [],
      leaveUrl: `${PUBLIC_URL}/waitlist/leave?token=6.abc.ghi`,
    });
    expect(waitlist.text).toContain(`Leave the waitlist: ${PUBLIC_URL}/waitlist/leave?token=6.abc.ghi`);
    expect(waitlist.html).toContain(`href="${PUBLIC_URL}/waitlist/leave?token=6.abc.ghi"`);
    expect(waitlist.text).not.toContain('/booking/');
    expect(waitlist.text).toContain('Your place on the list is unchanged.');
  });

  it('given a message that opens with its own greeting, then the letter does not greet the parent a second time', async () => {
    const greeted = await renderEmail('workshop-message', cases['workshop-message'].props);
    expect(greeted.text).not.toContain('Dear Ann,');
    expect(greeted.text.startsWith('Dear families,')).toBe(true);
    const plain = await renderEmail('workshop-message', {
      ...cases['workshop-message'].props,
      body: 'This Saturday we meet upstairs.',
    });
    expect(plain.text.startsWith('Dear Ann,\n\nThis Saturday we meet upstairs.')).toBe(true);
  });

  it('given a subject that names the workshop already, then it is not named twice', async () => {
    const { subject } = await renderEmail('workshop-message', {
      ...cases['workshop-message'].props,
      subject: 'Princess Tea Party moves upstairs',
    });
    expect(subject).toBe('Princess Tea Party moves upstairs');
  });

  it('given a message with markup in it, then the HTML shows it as text', async () => {
    const { html } = await renderEmail('workshop-message', {
      ...cases['workshop-message'].props,
      body: 'Bring <b>boots</b> & a <script>coat</script>',
    });
    expect(html).not.toContain('<script>coat');
    expect(html).toContain('&lt;script&gt;coat');
  });

  it('given a waitlist offer, then its link is the text part\'s address and the HTML\'s "Enroll now" button', async () => {
    const { text, html } = await renderEmail('waitlist-offer', cases['waitlist-offer'].props);
    expect(text).toContain(`To enroll, open: ${PUBLIC_URL}/waitlist/offer/abc`);
    expect(html).toMatch(new RegExp(`<a href="${PUBLIC_URL}/waitlist/offer/abc"[^>]*>[\\s\\S]*?Enroll now`));
  });

  it('given a waitlist join, then its confirmation link is the text part\'s address and the HTML\'s "Confirm my place" button, and the leave link is in both', async () => {
    const { text, html } = await renderEmail('waitlist-confirm', cases['waitlist-confirm'].props);
    expect(text).toContain(`To confirm, open: ${PUBLIC_URL}/waitlist/confirm?token=6.abc.def`);
    expect(html).toMatch(
      new RegExp(`<a href="${PUBLIC_URL}/waitlist/confirm\\?token=6\\.abc\\.def"[^>]*>[\\s\\S]*?Confirm my place`),
    );
    expect(text).toContain(`${PUBLIC_URL}/waitlist/leave?token=6.abc.ghi`);
    expect(html).toContain(`href="${PUBLIC_URL}/waitlist/leave?token=6.abc.ghi"`);
  });

  it('given any message, then the HTML is a whole document in the school’s look, laid out for a phone', async () => {
    for (const kind of Object.keys(cases) as EmailKind[]) {
      const { html } = await renderEmail(kind, cases[kind].props as never);
      expect(html).toMatch(/^<!DOCTYPE html/);
      expect(html).toContain('<html dir="ltr" lang="en">');
      expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
      expect(html).toContain('max-width:600px');
      expect(html).toContain(`background-color:${COLORS.navy}`);
      expect(html).toContain(`border-bottom:4px solid ${COLORS.gold}`);
      expect(html).toContain(`background-color:${COLORS.ivory}`);
      expect(decode(html)).toContain(`font-family:${FONTS.display}`);
      expect(html).toContain('Great Lakes School of Etiquette');
      // The policies are linked from every message once the site's address is known.
      expect(html).toContain(`href="${PUBLIC_URL}/terms"`);
      expect(html).toContain(`href="${PUBLIC_URL}/privacy"`);
      // Nothing smaller than 12 px: readable on a phone without zooming.
      const sizes = [...html.matchAll(/font-size:(\d+)px/g)].map((m) => Number(m[1]));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    }
  });

  it('given the e-mail colours, then each is the value of its token in web/theme.css', () => {
    const css = readFileSync(new URL('../../../web/theme.css', import.meta.url), 'utf8');
    for (const [name, token] of Object.entries(COLOR_TOKENS)) {
      const declared = new RegExp(`${token}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
      const resolved = declared?.startsWith('var(')
        ? new RegExp(`${declared.slice(4, -1)}:\\s*([^;]+);`).exec(css)?.[1]?.trim()
        : declared;
      expect(resolved, `${name} (${token})`).toBe(COLORS[name as keyof typeof COLORS]);
    }
    expect(css).toContain(`--font-display: ${FONTS.display};`);
  });

  it('given stored names holding markup, then the HTML shows them as text and runs nothing', async () => {
    const props = {
      ...cases.confirmation.props,
      firstName: '<img src=x onerror=alert(1)>',
      item: { ...item, title: '<b>Tea</b>' },
    };
    const { html, text } = await renderEmail('confirmation', props);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Tea</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('Dear <img src=x onerror=alert(1)>,');
  });

  it('given a workshop closer than the reminder window, then the confirmation says it is the only e-mail before it; otherwise it does not', async () => {
    const only = 'Your workshop is less than 48 hours away, so this is the only e-mail you will get before it.';
    const inside = await renderEmail('confirmation', { ...cases.confirmation.props, noReminderWithinHours: 48 });
    expect(inside.text).toContain(only);
    expect(visibleText(inside.html)).toContain(only);
    const outside = await renderEmail('confirmation', cases.confirmation.props);
    expect(outside.text).not.toContain('only e-mail');
    expect(outside.html).not.toContain('only e-mail');
  });

  it('given no booking page link, then no message mentions one; given one, then it is a "Manage your booking" button', async () => {
    for (const kind of ['confirmation', 'reminder', 'transfer'] as const) {
      const without = await renderEmail(kind, cases[kind].props as never);
      expect(without.text + without.html).not.toContain('Manage your booking');
      const url = `${PUBLIC_URL}/booking/tok123`;
      const withLink = await renderEmail(kind, { ...cases[kind].props, manageUrl: url } as never);
      expect(withLink.text).toContain(`Manage your booking: ${url}`);
      expect(withLink.html).toMatch(new RegExp(`<a href="${url}"[^>]*>[\\s\\S]*?Manage your booking`));
    }
  });

  it('given a free enrollment cancelled, then it says nothing was charged and shows no amounts', async () => {
    const mail = await renderEmail('cancellation', {
      ...cases.cancellation.props,
      cancelledBy: 'parent',
      reason: null,
      paidCents: 0,
      refunds: [],
    });
    expect(mail.text).toContain('has been cancelled, as you asked');
    expect(mail.text).toContain('Nothing was charged');
    expect(mail.text).not.toContain('Reason:');
    expect(visibleText(mail.html)).not.toMatch(/\$\d/);
  });
});
