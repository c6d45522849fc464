import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptPdf, type ReceiptPdfOrder } from '../../../service/mail/receipt-pdf.js';
import { allTagged, pdfStructure, tableRows } from '../../support/pdf-structure.js';
import { pdfText, pdfTextItems } from '../../support/pdf-text.js';
import { pdffonts, pdftotext, qpdfCheck } from '../../support/poppler.js';

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
  it('given five children, names in Polish, Swedish and Chinese among them, when printed, then one page lists all five as written', async () => {
    const bytes = await receiptPdf('ORD-abc', order(), new Date('2025-05-01T15:00:00Z'));
    if (process.env.RECEIPT_PDF_DIR) writeFileSync(join(process.env.RECEIPT_PDF_DIR, 'five-children.pdf'), bytes);
    const { text, pages } = await pdfText(bytes);

    expect(pages).toBe(1);
    expect(text).toContain('1. Łukasz Nowak-Whitfield, age 8');
    expect(text).toContain('2. Zoë Ångström, age 9');
    expect(text).toContain('3. 王小明, age 10');
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

  it('given a family named in Chinese, Vietnamese and Polish, when printed, then a PDF reader reads every name back exactly as written', async () => {
    const bytes = await receiptPdf('ORD-abc', family, new Date('2025-05-01T15:00:00Z'));
    if (process.env.RECEIPT_PDF_DIR) writeFileSync(join(process.env.RECEIPT_PDF_DIR, 'family-names.pdf'), bytes);
    const lines = (await pdfText(bytes)).text.split('\n');

    expect(lines).toContain('Billed to 美玲 Wang 王');
    expect(lines).toContain('1. Trần Thị Hương, age 8');
    expect(lines).toContain('2. Zoë Müller-Łukasiewicz, age 9');
    expect(lines).toContain('3. 王小明 (Xiǎomíng), age 10');
    // The letters a ligature or a decomposed accent could have swallowed read as they were typed.
    expect(lines).toContain('Title Official etiquette for Đặng & Świętosław');
  });

  it('given a family named in Chinese, Vietnamese and Polish, when poppler reads the receipt, then pdftotext gives every name exactly, qpdf finds the file sound and each font is an embedded subset mapped to Unicode', async () => {
    const bytes = await receiptPdf('ORD-abc', family, new Date('2025-05-01T15:00:00Z'));

    const lines = pdftotext(bytes)
      .split('\n')
      .map((l) => l.trim().replace(/ {2,}/g, '  '));
    expect(lines).toContain('Billed to  美玲 Wang 王');
    expect(lines).toContain('1.  Trần Thị Hương, age 8');
    expect(lines).toContain('2.  Zoë Müller-Łukasiewicz, age 9');
    expect(lines).toContain('3.  王小明 (Xiǎomíng), age 10');
    expect(lines).toContain('Title  Official etiquette for Đặng & Świętosław');
    expect(qpdfCheck(bytes)).toContain('No syntax or stream encoding errors found');
    const fonts = pdffonts(bytes);
    // The school's name in Times, which every reader has; the rest embedded, each file once.
    expect(fonts.filter((f) => !f.embedded).map((f) => f.name)).toEqual(['Times-Bold']);
    const embedded = fonts.filter((f) => f.embedded);
    expect([...new Set(embedded.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')))].sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansSC-Regular',
    ]);
    expect(embedded.every((f) => f.subset && f.toUnicode && f.type === 'CID TrueType')).toBe(true);
  });

  it('given a name typed with combining accents, when printed, then it reads back composed, as the same name typed on another keyboard', async () => {
    const decomposed = 'Trần Thị Hương'.normalize('NFD');
    const { text } = await pdfText(await receiptPdf('ORD-abc', order({ contactName: decomposed }), new Date()));

    expect(text.split('\n')).toContain('Billed to Trần Thị Hương');
  });

  it('given a course of four sessions, when printed, then the receipt lists each session with its day and time, not the first alone', async () => {
    const bytes = await receiptPdf('ORD-abc', course(), new Date('2026-03-01T15:00:00Z'));
    if (process.env.RECEIPT_PDF_DIR) writeFileSync(join(process.env.RECEIPT_PDF_DIR, 'course.pdf'), bytes);
    const { text } = await pdfText(bytes);
    const lines = text.split('\n');

    expect(lines).toContain('Sessions 4 sessions');
    expect(lines).toContain('Session 1 Saturday, March 7, 2026, 10:00 – 11:30 AM');
    expect(lines).toContain('Session 2 Saturday, March 14, 2026, 10:00 – 11:30 AM');
    expect(lines).toContain('Session 3 Saturday, March 21, 2026, 10:00 – 11:30 AM');
    expect(lines).toContain('Session 4 Saturday, March 28, 2026, 10:00 – 11:30 AM');
    expect(text).not.toMatch(/^Date /m);
  });

  it('given a course joined at its third session, when printed, then the receipt lists the two sessions bought and says they are 2 of 4', async () => {
    const { text } = await pdfText(await receiptPdf('ORD-abc', course({ fromSession: 3 }), new Date()));
    const lines = text.split('\n');

    expect(lines).toContain('Sessions 2 of 4 sessions');
    expect(lines).not.toContain('Session 2 Saturday, March 14, 2026, 10:00 – 11:30 AM');
    expect(lines).toContain('Session 3 Saturday, March 21, 2026, 10:00 – 11:30 AM');
    expect(lines).toContain('Session 4 Saturday, March 28, 2026, 10:00 – 11:30 AM');
  });

  it('given a sibling discount and a code, when printed, then each discount line is aligned with Subtotal, Tax and Total, its amount under theirs', async () => {
    const [items] = await pdfTextItems(await receiptPdf('ORD-abc', family, new Date()));
    const right = (str: string) => {
      const item = items!.find((i) => i.str.trim() === str);
      expect(item, str).toBeDefined();
      return item!.x + item!.width;
    };
    const labels = ['Sibling discount (10%, 2nd child on)', 'Code SPRING10 (10% off)', 'Tax', 'Total'];
    const amounts = ['$750.00', '-$50.00', '-$70.00', '$0.00'];

    for (const label of labels) expect(Math.abs(right(label) - right('Subtotal')), label).toBeLessThan(1);
    for (const amount of amounts) expect(Math.abs(right(amount) - right('$630.00')), amount).toBeLessThan(1);
  });

  it('given a receipt, when a screen reader reads it, then it is tagged: its language, its title shown, headings, the participants as a list and the charges as a table', async () => {
    const s = await pdfStructure(await receiptPdf('ORD-abc', family, new Date('2025-05-01T15:00:00Z')));

    expect(s.marked).toBe(true);
    expect(s.language).toBe('en-US');
    expect(s.title).toBe('Receipt ORD-abc, Great Lakes School of Etiquette');
    expect(s.displayDocTitle).toBe(true);
    expect(s.tree!.map((t) => t.role)).toEqual(['Document']);
    const tree = s.tree!;
    expect(allTagged(tree, 'H1').map((h) => h.text)).toEqual(['RECEIPT']);
    expect(allTagged(tree, 'H2').map((h) => h.text)).toEqual(['WORKSHOP', 'PARTICIPANTS (3)', 'CHARGES', 'PAYMENT']);
    const paragraphs = allTagged(tree, 'P').map((p) => p.text);
    expect(paragraphs).toContain('Great Lakes School of Etiquette');
    expect(paragraphs).toContain('Order number ORD-abc');
    expect(paragraphs).toContain('Billed to 美玲 Wang 王');
    expect(paragraphs).toContain('Paid in full');
    expect(allTagged(tree, 'LI').map((li) => li.text)).toEqual([
      '1. Trần Thị Hương, age 8',
      '2. Zoë Müller-Łukasiewicz, age 9',
      '3. 王小明 (Xiǎomíng), age 10',
    ]);
    const [table] = allTagged(tree, 'Table');
    expect(tableRows(table!)).toEqual([
      ['TH Description', 'TH Qty', 'TH Unit price', 'TH Amount'],
      ['TD Official etiquette for Đặng & Świętosław', 'TD 3', 'TD $250.00', 'TD $750.00'],
      ['TH Subtotal', 'TD $750.00'],
      ['TH Sibling discount (10%, 2nd child on)', 'TD -$50.00'],
      ['TH Code SPRING10 (10% off)', 'TD -$70.00'],
      ['TH Tax', 'TD $0.00'],
      ['TH Total', 'TD $630.00'],
    ]);
  });
});

/** A family whose names the standard PDF fonts cannot write, with a sibling discount and a code. */
const family = order({
  contactName: '美玲 Wang 王',
  item: { ...order().item, title: 'Official etiquette for Đặng & Świętosław' },
  participants: 3,
  participantDetails: [child('Trần Thị Hương', 8), child('Zoë Müller-Łukasiewicz', 9), child('王小明 (Xiǎomíng)', 10)],
  subtotalCents: 75_000,
  amountCents: 63_000,
  paidCents: 63_000,
  pricing: {
    lines: [
      { kind: 'seats', label: '$250.00 x 3 people', amountCents: 75_000 },
      { kind: 'sibling', label: 'Sibling discount (10%, 2nd child on)', amountCents: -5_000 },
      { kind: 'discount-code', label: 'Code SPRING10 (10% off)', amountCents: -7_000 },
    ],
    subtotalCents: 75_000,
    discountCents: 12_000,
    paidByGiftCardCents: 0,
    paidByCreditCents: 0,
    dueNowCents: 63_000,
    balanceCents: 0,
    totalCents: 63_000,
    balanceDueAt: null,
  },
});

/** A course of four Saturdays, 10:00 to 11:30 in Plano (CST, then CDT from March 8). */
const course = (item: Partial<ReceiptPdfOrder['item']> = {}) =>
  order({
    participants: 1,
    participantDetails: [child('Rose Whitfield', 9)],
    subtotalCents: 25_000,
    amountCents: 25_000,
    paidCents: 25_000,
    item: {
      ...order().item,
      kind: 'workshop',
      title: 'Manners Course: Four Saturdays',
      date: '2026-03-07T10:00:00-06:00',
      sessions: [
        { startsAt: '2026-03-07T10:00:00-06:00', endsAt: '2026-03-07T11:30:00-06:00' },
        { startsAt: '2026-03-14T10:00:00-05:00', endsAt: '2026-03-14T11:30:00-05:00' },
        { startsAt: '2026-03-21T10:00:00-05:00', endsAt: '2026-03-21T11:30:00-05:00' },
        { startsAt: '2026-03-28T10:00:00-05:00', endsAt: '2026-03-28T11:30:00-05:00' },
      ],
      ...item,
    },
  });
