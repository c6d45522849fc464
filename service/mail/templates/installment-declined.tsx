import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl, formatLongDate } from './format.js';
import { Layout } from './layout.js';
import { Action, Notice, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface InstallmentDeclinedProps {
  firstName: string;
  orderId: string;
  title: string;
  n: number;
  count: number;
  amountCents: number;
  /** The card issuer's words. */
  reason: string;
  /** When the saved card is tried again; null after the last try. */
  nextAttemptAt: string | null;
  /** The booking page, where that instalment is paid with another card. */
  payUrl: string | null;
  publicUrl: string | null;
}

const what = (p: InstallmentDeclinedProps) =>
  `instalment ${p.n} of ${p.count} (${formatUsd(p.amountCents)}) for ${toOneLine(p.title)}`;

const next = (p: InstallmentDeclinedProps) =>
  p.nextAttemptAt
    ? `We will try the saved card again on ${formatLongDate(p.nextAttemptAt)}.`
    : 'We will not try the saved card again.';

/** A plan's instalment the saved card did not pay (issue 43): why, what happens next, and where to pay it by hand. */
export const installmentDeclinedTemplate = defineTemplate<InstallmentDeclinedProps>({
  subject: (p) => `Your card was declined: instalment ${p.n} of ${p.count}, ${toOneLine(p.title)}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `We could not charge ${what(p)}, order ${p.orderId}, to your saved card: ${toOneLine(p.reason)}`,
      '',
      next(p),
      '',
      ...(p.payUrl
        ? [`You can pay it now with another card on your booking page: ${p.payUrl}`]
        : [`Please call us at ${SCHOOL.phone} to pay it.`]),
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`We could not charge ${what(p)} to your saved card.`}
        heading="Your card was declined"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          We could not charge {what(p)}, order {p.orderId}, to your saved card: {toOneLine(p.reason)}
        </P>
        <Notice>{next(p)}</Notice>
        {p.payUrl ? (
          <Action href={p.payUrl}>Pay instalment {p.n} with another card</Action>
        ) : (
          <P>
            Please call us at <Phone /> to pay it.
          </P>
        )}
        <Signature />
      </Layout>
    );
  },
});
