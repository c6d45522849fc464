import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptPdf, type ReceiptPdfOrder } from '../../../service/mail/receipt-pdf.js';
import { pdfText } from '../../support/pdf-text.js';

const child = (name: string, age: number) => ({
  name,
  age,
  grade: '3rd',
  school: 'Hedgcoxe Elementary',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  photographyConsent: false,
  allowNameWithPhoto: false,
  photographyOptOut: true,
});

const order = (overrides: Partial<ReceiptPdfOrder> = {}): ReceiptPdfOrder => ({
  orderReference: 'GL-654321',
  confirmedAt: '2025-05-01T15:00:00.000Z',
  submittedAt: '2025-05-01T14:58:00.000Z',
  paymentMethod: 'Credit Card',
  item: {
    kind: 'workshop',
    id: '1',
    title: "Children's Etiquette Camp",
    date: '2025-06-23T10:00:00-05:00',
    time: '10:00 AM - 11:30 AM',
    location: 'Legacy Commons Shopping Centre, 5800 Legacy Drive, Suite 120, Plano, TX 75024',
    instructor: 'Margaret Ellison',
    duration: '4 days',
    category: 'summer',
    attire: 'Casual',
    unitPriceCents: 25_000,
  },
  participants: 5,
  participantDetails: [
    child('Łukasz Nowak-Whitfield', 8),
    child('Zoë Ångström', 9),
    child('王小明', 10),
    child('Theodore Alexander Maximilian Whitfield-Fairweather the Third of Plano', 11),
    child('Rose Whitfield', 12),
  ],
  contactName: 'Eleanor Whitfield',
  subtotalCents: 125_000,
  taxCents: 0,
  amountCents: 125_000,
  refundedCents: 0,
  isFree: false,
  status: 'completed',
  paidCents: 125_000,
  refundsUnderwayCents: 0,
  ...overrides,
});

// pdf.js takes a few seconds to load the first time on a busy machine.
describe('the PDF receipt', { timeout: 20_000 }, () => {
  it('given five children, names outside the standard fonts among them, when printed, then one page lists all five, letters it cannot draw folded rather than failing', async () => {
    const bytes = await receiptPdf('ORD-abc', order(), new Date('2025-05-01T15:00:00Z'));
    if (process.env.RECEIPT_PDF_DIR) writeFileSync(join(process.env.RECEIPT_PDF_DIR, 'five-children.pdf'), bytes);
    const { text, pages } = await pdfText(bytes);

    expect(pages).toBe(1);
    expect(text).toContain('1. Lukasz Nowak-Whitfield, age 8');
    expect(text).toContain('2. Zoë Ångström, age 9');
    expect(text).toContain('3. ???, age 10');
    expect(text).toContain('4. Theodore Alexander Maximilian Whitfield-Fairweather the Third of Plano, age 11');
    expect(text).toContain('5. Rose Whitfield, age 12');
    expect(text).toContain('Total $1,250.00');
    expect(text).toContain('Paid in full');
  });

  it('given a refund decided and not yet through, then the receipt says it is on its way and the order is not paid in full any more', async () => {
    const { text } = await pdfText(
      await receiptPdf('ORD-abc', order({ status: 'cancelled', refundsUnderwayCents: 125_000 }), new Date()),
    );

    expect(text).toContain('Amount paid $1,250.00 by Credit Card');
    expect(text).toContain('Refund on its way $1,250.00');
    expect(text).toMatch(/^Refund on its way$/m);
    expect(text).not.toContain('Paid in full');
  });
});
