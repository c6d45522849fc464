import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, LinkLine, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface GiftCardProps {
  recipientName: string;
  purchaserName: string;
  amountCents: number;
  /** The code, grouped for reading aloud ("7QXM-3KPD-9HRT-2WVB"). */
  code: string;
  /** The purchaser's words, line breaks kept; '' for none. */
  message: string;
  /** The printable card (HTML), and where to spend it. */
  printUrl: string;
  scheduleUrl: string;
  publicUrl: string | null;
}

const howTo =
  'To use it, choose a class from our schedule and enter the code in the "Gift card" field of the enrollment form: it pays what it can, and what is left stays on the card for next time.';

/** The recipient's gift card, sent on the day the purchaser chose, with the printable card attached as a PDF. */
export const giftCardTemplate = defineTemplate<GiftCardProps>({
  subject: (p) => `${toOneLine(p.purchaserName)} sent you a ${formatUsd(p.amountCents)} gift card`,

  text(p) {
    return [
      `Dear ${toOneLine(p.recipientName)},`,
      '',
      `${toOneLine(p.purchaserName)} has given you a ${formatUsd(p.amountCents)} gift card for ${SCHOOL.fullName}.`,
      ...(p.message ? ['', ...p.message.split('\n').map((line) => `  ${toOneLine(line)}`)] : []),
      '',
      `${'Code:'.padEnd(12)}${p.code}`,
      `${'Amount:'.padEnd(12)}${formatUsd(p.amountCents)}`,
      '',
      howTo,
      `Our schedule: ${p.scheduleUrl}`,
      '',
      `Print your card: ${p.printUrl} (it is attached as a PDF too).`,
      'Keep the code safe: whoever has it can spend the card.',
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const amount = formatUsd(p.amountCents);
    return (
      <Layout
        preview={`A ${amount} gift card from ${toOneLine(p.purchaserName)}: your code is inside.`}
        heading="A gift card for you"
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.recipientName)},</P>
        <P>
          {toOneLine(p.purchaserName)} has given you a <strong>{amount}</strong> gift card for {SCHOOL.fullName}.
        </P>
        {p.message && (
          <Notice>
            {p.message.split('\n').map((line, i) => (
              <span key={i}>
                {i > 0 && <br />}
                {toOneLine(line)}
              </span>
            ))}
          </Notice>
        )}
        <Facts
          title="Your gift card"
          facts={[
            ['Code', p.code],
            ['Amount', amount],
          ]}
        />
        <P>{howTo}</P>
        <Action href={p.scheduleUrl}>Choose a class</Action>
        <LinkLine href={p.printUrl}>Print your card</LinkLine>
        <P>Keep the code safe: whoever has it can spend the card.</P>
        <Signature />
      </Layout>
    );
  },
});
