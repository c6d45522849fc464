import { SCHOOL } from '../../../contracts/core/school.js';
import type { MailMessage } from '../../mail/port.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One lapsed hold, one Message-ID: the note sent again after a crash is the same message. */
export const lapsedHoldMessageId = (enrollmentId: string) => `<lapsed-hold-${enrollmentId}@${DOMAIN}>`;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface LapsedHoldNoteInput {
  to: string;
  firstName: string;
  enrollmentId: string;
  title: string;
  /** Seats still open in the workshop now. */
  open: number;
  /** `/enroll/<workshopId>?refill=<token>`: the form filled in again, once. */
  refillUrl: string;
  /** The page that stops such notes to this address. */
  stopUrl: string;
}

const seatsOpen = (n: number) => (n === 0 ? 'none are open now' : n === 1 ? '1 is still open' : `${n} are still open`);

/** The short note to a parent whose unpaid hold lapsed: what happened, the way back, the way to stop them. */
export function lapsedHoldEmail(input: LapsedHoldNoteInput): MailMessage {
  const released = `Your seats in ${input.title} were released; ${seatsOpen(input.open)}.`;
  const back =
    input.open > 0
      ? `To book again with your details filled in, open ${input.refillUrl}`
      : 'You may still join the waitlist on the workshop page.';
  const stop = `No more notes like this: ${input.stopUrl}`;
  const text = [`Dear ${input.firstName},`, '', released, '', back, '', `${SCHOOL.name}`, '', stop, ''].join('\n');
  const html = [
    `<p>Dear ${escape(input.firstName)},</p>`,
    `<p>${escape(released)}</p>`,
    input.open > 0
      ? `<p><a href="${escape(input.refillUrl)}">Book again with your details filled in</a></p>`
      : `<p>${escape(back)}</p>`,
    `<p>${escape(SCHOOL.name)}</p>`,
    `<p style="font-size:12px"><a href="${escape(input.stopUrl)}">No more notes like this</a></p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: `Your seats in ${input.title} were released`,
    text,
    html,
    messageId: lapsedHoldMessageId(input.enrollmentId),
    attachments: [],
  };
}
