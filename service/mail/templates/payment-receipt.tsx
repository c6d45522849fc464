import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { receiptStamp } from '../../../contracts/enrollment/receipt.js';
import { baseUrl, factLines } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface PaymentReceiptProps {
  firstName: string;
  /** The receipt's number: the order's, or the gift card's reference. */
  receiptNumber: string;
  /** What the payment was for: "Gift card for Grace Hopper", "Balance of Little Chefs Camp". */
  what: string;
  amountCents: number;
  /** When the money arrived (ISO instant). */
  paidAt: string;
  /** How: "Credit Card". */
  method: string;
  /** One sentence on what follows (the card's e-mail to its recipient, the booking paid in full). */
  note: string | null;
  manageUrl: string | null;
  publicUrl: string | null;
}

const facts = (p: PaymentReceiptProps): [string, string][] => [
  ['Receipt', p.receiptNumber],
  ['For', toOneLine(p.what)],
  ['Amount', formatUsd(p.amountCents)],
  ['Paid', receiptStamp(p.paidAt)],
  ['Method', p.method],
];

const THANKS = 'Thank you for your payment. Here is your receipt; a PDF copy is attached.';

/** To whoever paid, once per payment that has no confirmation of its own: what, how much, when and how. */
export const paymentReceiptTemplate = defineTemplate<PaymentReceiptProps>({
  subject: (p) => `Receipt ${p.receiptNumber}: ${toOneLine(p.what)}, ${formatUsd(p.amountCents)}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      THANKS,
      '',
      ...factLines(facts(p)),
      '',
      ...(p.note ? [toOneLine(p.note), ''] : []),
      ...(p.manageUrl ? [`Your booking: ${p.manageUrl}`, ''] : []),
      `If you have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`${formatUsd(p.amountCents)} paid: ${toOneLine(p.what)}.`}
        heading="Your receipt"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>{THANKS}</P>
        <Facts facts={facts(p)} />
        {p.note && <P>{toOneLine(p.note)}</P>}
        {p.manageUrl && <Action href={p.manageUrl}>Your booking</Action>}
        <P>
          If you have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
