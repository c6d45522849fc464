import { describe, expect, it } from 'vitest';
import { emlOf } from '../../../service/mail/eml.js';
import type { MailMessage } from '../../../service/mail/port.js';
import { renderEmail, type EmailKind, type EmailKinds } from '../../../service/mail/templates/index.js';
import { workshopMessageEmail } from '../../../service/messages/message-email.js';
import { EMAIL_SAMPLES, PUBLIC_URL } from '../../support/email-samples.js';

// Issue 37 item 11: mail that arrives (no subject a spam filter scores) and behaves (no
// out-of-office reply to an automatic message, a way off a workshop's list, a titled document).

const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';
const KINDS = Object.keys(EMAIL_SAMPLES) as EmailKind[];

/** Every kind, and the sign-in e-mail in each of its four forms. */
const variants: { name: string; kind: EmailKind; props: EmailKinds[EmailKind] }[] = [
  ...KINDS.map((kind) => ({ name: kind, kind, props: EMAIL_SAMPLES[kind] })),
  { name: 'sign-in (new)', kind: 'sign-in', props: { ...EMAIL_SAMPLES['sign-in'], known: false } },
  { name: 'sign-in (invited)', kind: 'sign-in', props: { ...EMAIL_SAMPLES['sign-in'], known: false, invited: true } },
  {
    name: 'sign-in (invitation)',
    kind: 'sign-in',
    props: { ...EMAIL_SAMPLES['sign-in'], known: false, invitation: { family: 'Lee', by: 'Ann Lee' } },
  },
];

/** The header block of an .eml, continuation lines joined. */
const headersOf = (eml: Buffer) =>
  eml
    .toString('utf8')
    .split('\r\n\r\n', 1)[0]!
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');

const header = (eml: Buffer, name: string) =>
  headersOf(eml)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

describe('mail that arrives and behaves', () => {
  it.each(variants)(
    'given the $name e-mail, then its subject says nothing SpamAssassin reads as "Your Family"',
    async ({ kind, props }) => {
      const { subject } = await renderEmail(kind, props as never);
      expect(subject).not.toMatch(/your family/i);
    },
  );

  it.each(variants)(
    'given the $name e-mail, then its HTML document has a title in its head',
    async ({ kind, props }) => {
      const { html } = await renderEmail(kind, props as never);
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
      expect(head).toMatch(/<title>[^<\s][^<]*<\/title>/);
    },
  );

  it.each(KINDS)(
    'given a %s e-mail written out, then it says it was sent automatically (Auto-Submitted), so no out-of-office reply answers it',
    async (kind) => {
      const message: MailMessage = {
        to: 'ann@example.com',
        ...(await renderEmail(kind, EMAIL_SAMPLES[kind] as never)),
        messageId: `<${kind}-1@greatlakesetiquette.com>`,
        attachments: [],
      };
      expect(header(emlOf(message, FROM).bytes, 'Auto-Submitted')).toBe('auto-generated');
    },
  );

  it('given a message to a workshop’s families, then it carries List-Unsubscribe (a mailto and a one-click link) and List-Unsubscribe-Post', async () => {
    const message = await workshopMessageEmail(
      'ann@example.com',
      { messageId: 'm1', recipientId: 'e1' },
      { ...EMAIL_SAMPLES['workshop-message'], stopUrl: `${PUBLIC_URL}/messages/stop/tok.sig` },
    );
    const eml = emlOf(message, FROM).bytes;
    const unsubscribe = header(eml, 'List-Unsubscribe');
    expect(unsubscribe).toContain(`<${PUBLIC_URL}/messages/stop/tok.sig>`);
    expect(unsubscribe).toMatch(/<mailto:hello@greatlakesetiquette\.com\?subject=[^>]+>/);
    expect(header(eml, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The letter says so too, in both parts.
    expect(message.text).toContain(`${PUBLIC_URL}/messages/stop/tok.sig`);
    expect(message.html).toContain(`href="${PUBLIC_URL}/messages/stop/tok.sig"`);
  });

  it('given any other message, then it carries no List-Unsubscribe (a receipt or a sign-in link is not a list)', async () => {
    const message: MailMessage = {
      to: 'ann@example.com',
      ...(await renderEmail('confirmation', EMAIL_SAMPLES.confirmation)),
      messageId: '<c-1@greatlakesetiquette.com>',
      attachments: [],
    };
    expect(header(emlOf(message, FROM).bytes, 'List-Unsubscribe')).toBeUndefined();
  });

  it('given the sign-in e-mail, then its link is a button and the address written out breaks anywhere', async () => {
    const props = EMAIL_SAMPLES['sign-in'];
    const { html } = await renderEmail('sign-in', props);
    const button = new RegExp(
      `<a href="${props.link.replace(/[.]/g, '\\.')}"[^>]*style="[^"]*display:inline-block[^"]*"`,
    );
    expect(html).toMatch(button);
    expect(html).toMatch(/word-break:break-all[^>]*>[^<]*\/account\/sign-in\//);
  });
});
