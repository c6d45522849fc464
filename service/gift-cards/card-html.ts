import { SCHOOL, ADDRESS_ONE_LINE } from '../../contracts/core/school.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { COLORS, FONTS } from '../mail/templates/theme.js';
import type { PrintedCard } from './card-pdf.js';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The printable card as a page of its own (the e-mail's "Print your card"): plain HTML and CSS,
 * no script, made to be printed as it is (the browser's Print) and to read on a phone. Every value
 * is escaped; the message keeps its line breaks.
 */
export function giftCardHtml(card: PrintedCard, pdfUrl: string): string {
  const message = card.message ? `<p class="message">${card.message.split('\n').map(escape).join('<br>')}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Gift card ${escape(formatUsd(card.amountCents))} - ${escape(SCHOOL.fullName)}</title>
<style>
  body { margin: 0; padding: 24px 16px; background: ${COLORS.white}; color: ${COLORS.text}; font: 16px/1.5 ${FONTS.body}; }
  main { max-width: 640px; margin: 0 auto; }
  .card { border: 2px solid ${COLORS.navy}; border-top: 8px solid ${COLORS.gold}; border-radius: 8px; background: ${COLORS.cream}; padding: 28px 20px; text-align: center; }
  .school { margin: 0; font: 600 24px/1.2 ${FONTS.display}; color: ${COLORS.navy}; }
  .kind { margin: 6px 0 18px; font-size: 13px; letter-spacing: .12em; color: ${COLORS.muted}; }
  .amount { margin: 0; font: 600 48px/1.1 ${FONTS.display}; color: ${COLORS.plum}; }
  .who { margin: 12px 0 0; }
  .message { margin: 12px auto 0; max-width: 28em; font-style: italic; }
  .code-label { margin: 24px 0 4px; font-size: 13px; letter-spacing: .12em; color: ${COLORS.muted}; }
  .code { margin: 0; font: 700 clamp(20px, 6vw, 30px)/1.2 ui-monospace, "Courier New", monospace; color: ${COLORS.navy}; letter-spacing: .04em; }
  .how { margin: 20px 0 0; }
  .small { font-size: 14px; color: ${COLORS.muted}; }
  a { color: ${COLORS.plum}; }
  @media print { body { padding: 0; } .no-print { display: none; } }
</style>
</head>
<body>
<main>
  <section class="card" aria-label="Gift card">
    <p class="school">${escape(SCHOOL.fullName)}</p>
    <p class="kind">GIFT CARD</p>
    <p class="amount">${escape(formatUsd(card.amountCents))}</p>
    <p class="who">For ${escape(card.recipientName)}, from ${escape(card.purchaserName)}</p>
    ${message}
    <p class="code-label">CODE</p>
    <p class="code">${escape(card.code)}</p>
  </section>
  <p class="how">How to use it: choose a class on <a href="${escape(card.scheduleUrl)}">our schedule</a> and enter the code in the “Gift card” field of the enrollment form. It pays what it can of the order; whatever is left stays on the card for next time.</p>
  <p class="small">Keep the code safe: whoever has it can spend the card.</p>
  <p class="no-print small"><a href="${escape(pdfUrl)}">Download the card as a PDF</a> to print it, or print this page.</p>
  <p class="small">${escape(ADDRESS_ONE_LINE)} · ${escape(SCHOOL.phone)} · ${escape(SCHOOL.email)}</p>
</main>
</body>
</html>`;
}
