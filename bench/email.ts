import type { EnrollmentConfirmed, EnrollmentSubmitted } from '../contracts/enrollment/events.js';
import { StrictEnrollmentFormSchema } from '../contracts/enrollment/form.js';
import { receiptText } from '../contracts/enrollment/receipt.js';
import { calendarUid } from '../service/enrollment/emails/calendar-event.js';
import { confirmationEmail, confirmationReceiptOrder } from '../service/enrollment/emails/confirmation-email.js';
import { cancellationEmail, rescheduleEmail, transferEmail } from '../service/enrollment/emails/after-sale-emails.js';
import { workshopIcs } from '../service/enrollment/emails/ics.js';
import { reminderEmail } from '../service/enrollment/emails/reminder-email.js';
import { submissionOf } from '../service/enrollment/sale/submission.js';
import { giftCardPdfAttachment, type PrintedCard } from '../service/gift-cards/card-pdf.js';
import { emlOf } from '../service/mail/eml.js';
import type { MailMessage } from '../service/mail/port.js';
import { confirmedReceiptPdfAttachment } from '../service/mail/receipt-pdf.js';
import { renderEmail, type EmailKind } from '../service/mail/templates/index.js';
import { EMAIL_SAMPLES, item, later, PUBLIC_URL } from '../tests/support/email-samples.js';
import { strictForm } from '../tests/support/enrollment-forms.js';

/**
 * CPU per e-mail, by kind and by part, on this process's threads (process.cpuUsage: user and
 * system, garbage collection included): the HTML and text (React through @react-email/render),
 * the PDF (the receipt, the gift card), the calendar file and text receipt, the MIME message
 * (nodemailer, as the outbox and SMTP send it), and the whole e-mail from its inputs to its bytes.
 * Each figure is the median of ROUNDS rounds of PER_ROUND after a warm-up.
 */
const ROUNDS = Number(process.env.BENCH_EMAIL_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_EMAIL_PER_ROUND ?? 60);
const WARM_UP = 50;
const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';
const NOW = new Date('2025-05-01T15:00:00.000Z');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** CPU ms per call of `run`: the median of the rounds. */
async function cpuMs(run: () => unknown): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) await run();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / PER_ROUND);
  }
  return median(rounds);
}

// A confirmation as the reactor writes it: two children on the stricter form, a booking link.
const form = StrictEnrollmentFormSchema.parse(strictForm({ participants: 2 }));
const submitted: EnrollmentSubmitted = submissionOf({
  enrollmentId: 'e1',
  workshopId: '4',
  programId: null,
  form,
  item: { ...item, id: '4', duration: '1.5 hours', category: 'tea-party', attire: item.attire!, unitPriceCents: 7_500 },
  holdExpiresAt: null,
  test: false,
  at: NOW,
});
const confirmed: EnrollmentConfirmed = {
  enrollmentId: 'e1',
  orderId: 'ORD-e1',
  orderReference: 'GL-123456',
  paymentMethod: 'Credit Card',
  amountCents: submitted.amountCents,
  paymentIntentId: 'pi_1',
  confirmedAt: NOW.toISOString(),
};
const manageUrl = `${PUBLIC_URL}/booking/e1.signature`;
const card: PrintedCard = {
  code: EMAIL_SAMPLES['gift-card'].code,
  amountCents: EMAIL_SAMPLES['gift-card'].amountCents,
  recipientName: 'Grace Hopper',
  purchaserName: 'Ada Lovelace',
  message: EMAIL_SAMPLES['gift-card'].message,
  scheduleUrl: `${PUBLIC_URL}/schedule`,
};
const laterItem = { ...submitted.item, title: later.title, date: later.date };

/** The whole message of a kind, built the way its sender builds it. */
const build: { [K in EmailKind]?: () => Promise<MailMessage> } = {
  confirmation: () => confirmationEmail(submitted, confirmed, NOW, PUBLIC_URL, 48, manageUrl),
  reminder: () => reminderEmail(submitted, confirmed.orderId, NOW, PUBLIC_URL, manageUrl),
  transfer: () =>
    transferEmail({
      submission: submitted,
      from: submitted.item,
      to: laterItem,
      orderId: confirmed.orderId,
      transferId: 'tr-1',
      refundCents: 1_000,
      sequence: 1,
      now: NOW,
      publicUrl: PUBLIC_URL,
      manageUrl,
    }),
  rescheduled: () =>
    rescheduleEmail({
      submission: submitted,
      moved: {
        enrollmentId: 'e1',
        workshopId: '4',
        changeId: 'ch-1',
        fromItem: submitted.item,
        item: laterItem,
        changed: ['date'],
        rescheduledAt: NOW.toISOString(),
      },
      orderId: confirmed.orderId,
      sequence: 1,
      fullRefundUntil: null,
      now: NOW,
      publicUrl: PUBLIC_URL,
      manageUrl,
    }),
  cancellation: () =>
    cancellationEmail({
      submission: submitted,
      item: submitted.item,
      orderId: confirmed.orderId,
      cancelledBy: 'school',
      note: 'The instructor is ill',
      paidCents: submitted.amountCents,
      refundCents: submitted.amountCents,
      publicUrl: PUBLIC_URL,
    }),
  'gift-card': async () => ({
    to: 'grace@example.com',
    ...(await renderEmail('gift-card', EMAIL_SAMPLES['gift-card'])),
    messageId: '<gift-card-g1@greatlakesetiquette.com>',
    attachments: [await giftCardPdfAttachment(card, '2WVB', NOW)],
  }),
};
const buildOf = (kind: EmailKind) =>
  build[kind] ??
  (async (): Promise<MailMessage> => ({
    to: 'ann@example.com',
    ...(await renderEmail(kind, EMAIL_SAMPLES[kind] as never)),
    messageId: `<${kind}-1@greatlakesetiquette.com>`,
    attachments: [],
  }));

/** The PDF of a kind that carries one. */
const pdfOf: { [K in EmailKind]?: () => Promise<unknown> } = {
  confirmation: () =>
    confirmedReceiptPdfAttachment(confirmed.orderId, confirmationReceiptOrder(submitted, confirmed), NOW),
  'gift-card': () => giftCardPdfAttachment(card, '2WVB', NOW),
};

/** The calendar file and text receipt of a kind that carries them. */
const ics = (to = submitted.item, sequence = 0) =>
  workshopIcs({ uid: calendarUid(confirmed.orderId), item: to, orderId: confirmed.orderId, stamp: NOW, sequence });
const filesOf: { [K in EmailKind]?: () => unknown } = {
  confirmation: () => [receiptText(confirmed.orderId, confirmationReceiptOrder(submitted, confirmed), NOW), ics()],
  reminder: () => ics(),
  transfer: () => ics(laterItem, 1),
  rescheduled: () => ics(laterItem, 1),
};

const ms = (value: number) => Number(value.toFixed(2));

export async function benchEmail(): Promise<Record<string, Record<string, number | string>>> {
  const rows: Record<string, Record<string, number | string>> = {};
  for (const kind of Object.keys(EMAIL_SAMPLES) as EmailKind[]) {
    const whole = buildOf(kind);
    const message = await whole();
    const pdf = pdfOf[kind];
    const files = filesOf[kind];
    rows[kind] = {
      'render ms': ms(await cpuMs(() => renderEmail(kind, EMAIL_SAMPLES[kind] as never))),
      'PDF ms': pdf ? ms(await cpuMs(pdf)) : '',
      'ics/txt ms': files ? ms(await cpuMs(files)) : '',
      'MIME ms': ms(await cpuMs(() => emlOf(message, FROM))),
      'total ms': ms(await cpuMs(async () => emlOf(await whole(), FROM))),
      'eml KB': Math.round(emlOf(message, FROM).bytes.length / 1024),
    };
  }
  return rows;
}
