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
import { paymentReceiptPdfAttachment, type PaymentReceipt } from '../service/mail/payment-receipt-pdf.js';
import { certificatePdf } from '../service/certificates/certificate-pdf.js';
import type { CertificateIssued } from '../contracts/certificates/events.js';
import { renderEmail, type EmailKind } from '../service/mail/templates/index.js';
import { EMAIL_SAMPLES, item, later, PUBLIC_URL } from '../tests/support/email-samples.js';
import { strictForm } from '../tests/support/enrollment-forms.js';

/**
 * CPU per e-mail, by kind and by part, on this process's threads (process.cpuUsage: user and
 * system, garbage collection included): the HTML and text (React, react-email's components), the
 * PDF (the receipt, the gift card), the calendar file and text receipt, the MIME message (as the
 * outbox and SMTP write it), and the whole e-mail from its inputs to its bytes (the other columns
 * and what joins them). Everything runs WARM_UP times first (a server sending e-mails all day runs
 * optimised code); then ROUNDS rounds of PER_ROUND calls of each, interleaved so that a burst of
 * load from other processes on a shared machine falls on every figure alike, and each figure is the
 * median of its rounds.
 */
const ROUNDS = Number(process.env.BENCH_EMAIL_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_EMAIL_PER_ROUND ?? 50);
const WARM_UP = 200;
const FROM = 'Great Lakes Etiquette <hello@greatlakesetiquette.com>';
const NOW = new Date('2025-05-01T15:00:00.000Z');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** CPU ms per call of `run`, over `times` calls. */
async function cpuMs(run: () => unknown, times: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
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
const giftCardReceipt: PaymentReceipt = {
  receiptNumber: 'GC-g1',
  what: 'Gift card for Grace Hopper',
  amountCents: 10_000,
  paidAt: NOW.toISOString(),
  method: 'Credit Card',
  billedTo: 'Ada Lovelace',
};
const certificate: CertificateIssued = {
  number: 'GL-C-2025-00001',
  workshopId: '4',
  enrollmentId: 'e1',
  participant: 0,
  programId: 'p1',
  programTitle: 'Etiquette After Dark',
  title: 'Certificate of Completion',
  wording: 'has completed the course with grace and good manners',
  signerName: 'Margaret Ellison',
  participantName: 'Lily Whitfield',
  holder: 'Lily W.',
  completedOn: '2025-07-19',
  firstSessionOn: '2025-06-28',
  hours: 6,
  sessionsPresent: 4,
  subjectId: 'subject-1',
  issuedAt: NOW.toISOString(),
  issuedBy: 'owner',
};
const certificateUrl = `${PUBLIC_URL}/certificate/GL-C-2025-00001`;

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
      refunds: [{ to: 'card', cents: submitted.amountCents }],
      publicUrl: PUBLIC_URL,
    }),
  'payment-receipt': async () => ({
    to: 'ada@example.com',
    ...(await renderEmail('payment-receipt', EMAIL_SAMPLES['payment-receipt'])),
    messageId: '<receipt-1@greatlakesetiquette.com>',
    attachments: [await paymentReceiptPdfAttachment(giftCardReceipt, NOW)],
  }),
  certificate: async () => ({
    to: 'harriet@example.com',
    ...(await renderEmail('certificate', EMAIL_SAMPLES.certificate)),
    messageId: '<certificate-1@greatlakesetiquette.com>',
    attachments: [
      {
        filename: 'certificate.pdf',
        content: Buffer.from(await certificatePdf(certificate, certificateUrl)).toString('base64'),
        contentType: 'application/pdf',
        encoding: 'base64',
      },
    ],
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
  'payment-receipt': () => paymentReceiptPdfAttachment(giftCardReceipt, NOW),
  certificate: () => certificatePdf(certificate, certificateUrl),
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

type Part = 'render ms' | 'PDF ms' | 'ics/txt ms' | 'MIME ms' | 'total ms';

export async function benchEmail(): Promise<Record<string, Record<string, number | string>>> {
  const runs: { kind: EmailKind; part: Part; run: () => unknown; rounds: number[] }[] = [];
  const sizes = new Map<EmailKind, number>();
  for (const kind of Object.keys(EMAIL_SAMPLES) as EmailKind[]) {
    const whole = buildOf(kind);
    const message = await whole();
    sizes.set(kind, emlOf(message, FROM).bytes.length);
    const parts: [Part, (() => unknown) | undefined][] = [
      ['render ms', () => renderEmail(kind, EMAIL_SAMPLES[kind] as never)],
      ['PDF ms', pdfOf[kind]],
      ['ics/txt ms', filesOf[kind]],
      ['MIME ms', () => emlOf(message, FROM)],
      ['total ms', async () => emlOf(await whole(), FROM)],
    ];
    for (const [part, run] of parts) if (run) runs.push({ kind, part, run, rounds: [] });
  }
  for (const r of runs) await cpuMs(r.run, WARM_UP);
  for (let round = 0; round < ROUNDS; round++) for (const r of runs) r.rounds.push(await cpuMs(r.run, PER_ROUND));

  const rows: Record<string, Record<string, number | string>> = {};
  for (const [kind, bytes] of sizes) {
    const row: Record<string, number | string> = {
      'render ms': '',
      'PDF ms': '',
      'ics/txt ms': '',
      'MIME ms': '',
      'total ms': '',
    };
    for (const r of runs.filter((x) => x.kind === kind)) row[r.part] = Number(median(r.rounds).toFixed(2));
    rows[kind] = { ...row, 'eml KB': Math.round(bytes / 1024) };
  }
  return rows;
}
