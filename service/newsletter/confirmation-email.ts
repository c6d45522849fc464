import { SCHOOL } from '../../contracts/core/school.js';
import type { MailMessage } from '../mail/port.js';
import { NEWSLETTER_DOMAIN } from './links.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One sign-up, one Message-ID: the e-mail sent again after a crash is the same message. */
export const confirmationMessageId = (subscriberKey: string) =>
  `<newsletter-confirm-${subscriberKey}@${NEWSLETTER_DOMAIN}>`;

/** The confirmation e-mail: its link opens a page with a button, so a mail scanner confirms nothing. */
export function confirmationEmail(to: string, subscriberKey: string, confirmUrl: string): MailMessage {
  const subject = `Confirm your subscription to ${SCHOOL.name}'s news`;
  const lines = [
    'Hello,',
    '',
    `Someone, we hope you, asked for ${SCHOOL.name}'s news of new classes at this address.`,
    `To confirm, open ${confirmUrl} and press the button.`,
    '',
    'If it was not you, do nothing: you will not hear from us again.',
    '',
    SCHOOL.name,
    '',
  ];
  const html = [
    '<p>Hello,</p>',
    `<p>Someone, we hope you, asked for ${escape(SCHOOL.name)}'s news of new classes at this address.</p>`,
    `<p><a href="${escape(confirmUrl)}">Confirm your subscription</a></p>`,
    '<p>If it was not you, do nothing: you will not hear from us again.</p>',
    `<p>${escape(SCHOOL.name)}</p>`,
  ].join('\n');
  return {
    to,
    subject,
    text: lines.join('\n'),
    html,
    messageId: confirmationMessageId(subscriberKey),
    attachments: [],
  };
}
