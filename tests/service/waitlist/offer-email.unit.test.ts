import { describe, expect, it } from 'vitest';
import { offerEmail, offerMessageId } from '../../../service/waitlist/offer-email.js';
import { item } from '../../support/email-samples.js';
import { visibleText as seen } from '../../support/email-html.js';

const BASE = 'https://greatlakesetiquette.com';
const enrollUrl = `${BASE}/enroll/6?offer=tok_123`;
const leaveUrl = `${BASE}/waitlist/leave?token=leave.456`;

describe('waitlist offer e-mail', () => {
  it('given two seats held, then the text and the HTML give the deadline, the price, the enroll link and the leave link', async () => {
    const mail = await offerEmail({
      to: 'bea@example.com',
      firstName: 'Bea',
      item,
      seats: 2,
      amountCents: 30_000,
      offerId: 'of-1',
      expiresAt: '2025-06-02T17:00:00.000Z',
      enrollUrl,
      leaveUrl,
      publicUrl: BASE,
    });
    expect(mail).toMatchObject({
      to: 'bea@example.com',
      subject: 'A place has opened for you: Princess Tea Party',
      messageId: offerMessageId('of-1'),
      attachments: [],
    });
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('Dear Bea,');
      expect(part).toContain('2 places opened in Princess Tea Party');
      expect(part).toContain('until June 2, 2025 at 12:00 PM (Central Time)');
      expect(part).toContain('$300.00');
      expect(part).toContain('Leave the waitlist and the places go to the next family at once.');
    }
    expect(mail.text).toContain(`To enroll, open: ${enrollUrl}`);
    expect(mail.text).toContain(leaveUrl);
    expect(mail.html).toMatch(new RegExp(`<a href="${enrollUrl.replace(/[?.]/g, '\\$&')}"[^>]*>[\\s\\S]*?Enroll now`));
    expect(mail.html).toMatch(
      new RegExp(`<a href="${leaveUrl.replace(/[?.]/g, '\\$&')}"[^>]*>[\\s\\S]*?Leave the waitlist`),
    );
  });
});
