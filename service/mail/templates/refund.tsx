import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Amounts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface RefundProps {
  firstName: string;
  orderId: string;
  item: MailItem;
  /** This refund, in cents. */
  amountCents: number;
  /** What was paid for the order, in cents. */
  paidCents: number;
  /** Every refund on the order so far, this one included, in cents. */
  refundedCents: number;
  /** Why, as the school wrote it; null when no reason was given. */
  reason: string | null;
  publicUrl: string | null;
}

const timing = 'Refunds usually appear on your statement within 5 to 10 business days, depending on your bank.';

/** Money given back on an order: this refund, what was paid and what has been refunded in all. */
export const refundTemplate = defineTemplate<RefundProps>({
  subject: (p) => `Refund of ${formatUsd(p.amountCents)} for order ${p.orderId}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `We have refunded ${formatUsd(p.amountCents)} for your order ${p.orderId} (${toOneLine(p.item.title)}) to the card you paid with.`,
      ...(p.reason ? [`Reason: ${toOneLine(p.reason)}`] : []),
      '',
      `${'Paid:'.padEnd(18)}${formatUsd(p.paidCents)}`,
      `${'This refund:'.padEnd(18)}${formatUsd(p.amountCents)}`,
      `${'Refunded in all:'.padEnd(18)}${formatUsd(p.refundedCents)}`,
      '',
      timing,
      `Questions? Reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`${formatUsd(p.amountCents)} is on its way back to your card.`}
        heading="Your refund is on its way"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          We have refunded <strong>{formatUsd(p.amountCents)}</strong> for your order {p.orderId} (
          {toOneLine(p.item.title)}) to the card you paid with.
        </P>
        {p.reason && <P>Reason: {toOneLine(p.reason)}</P>}
        <Amounts
          rows={[
            { label: 'Paid', amount: formatUsd(p.paidCents) },
            { label: 'This refund', amount: formatUsd(p.amountCents) },
            { label: 'Refunded in all', amount: formatUsd(p.refundedCents), total: true },
          ]}
        />
        <P>{timing}</P>
        <P>
          Questions? Reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
