import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl, factLines, formatLongDate, formatShortDate, itemFacts, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, Notice, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface BalanceReminderProps {
  firstName: string;
  orderId: string;
  item: MailItem;
  balanceCents: number;
  dueAt: string;
  /** A week before the due date, or on the day. */
  kind: 'week-before' | 'due-date';
  /** The booking page, where "Pay the balance" is. */
  manageUrl: string | null;
  publicUrl: string | null;
}

const when = (p: BalanceReminderProps) => (p.kind === 'due-date' ? 'today' : `on ${formatLongDate(p.dueAt)}`);

/** The balance of a deposit booking, a week before it is due and on the day. */
export const balanceReminderTemplate = defineTemplate<BalanceReminderProps>({
  subject: (p) =>
    p.kind === 'due-date'
      ? `Your balance of ${formatUsd(p.balanceCents)} is due today: ${toOneLine(p.item.title)}`
      : `Balance of ${formatUsd(p.balanceCents)} due ${formatShortDate(p.dueAt)}: ${toOneLine(p.item.title)}`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `Thank you for your deposit for ${toOneLine(p.item.title)} (order ${p.orderId}). The balance of ${formatUsd(p.balanceCents)} is due ${when(p)}.`,
      '',
      ...factLines(itemFacts(p.item)),
      '',
      ...(p.manageUrl
        ? [`Pay the balance on your booking page: ${p.manageUrl}`]
        : [`Please call us at ${SCHOOL.phone} to pay it.`]),
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    return (
      <Layout
        preview={`${formatUsd(p.balanceCents)} is due ${when(p)} for ${title}.`}
        heading={p.kind === 'due-date' ? 'Your balance is due today' : 'Your balance is due in a week'}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          Thank you for your deposit for <strong>{title}</strong> (order {p.orderId}).
        </P>
        <Notice>
          The balance of {formatUsd(p.balanceCents)} is due {when(p)}.
        </Notice>
        <Facts title={title} facts={itemFacts(p.item)} />
        {p.manageUrl ? (
          <Action href={p.manageUrl}>Pay the balance</Action>
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
