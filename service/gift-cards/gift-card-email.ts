import type { EventMetadata } from '../../contracts/core/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { groupGiftCardCode, giftCardLast4 } from '../../contracts/gift-cards/code.js';
import { giftCardStream } from '../../contracts/gift-cards/events.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError, type MailMessage } from '../mail/port.js';
import { renderEmail } from '../mail/templates/index.js';
import { siteOrigin } from '../site/origin.js';
import { giftCardPdfAttachment, type PrintedCard } from './card-pdf.js';
import { giftCardDecider, type GiftCardState } from './gift-card-decider.js';
import { schoolDay } from '../core/school-day.js';
import { pseudonymsFor } from '../core/pseudonyms.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One card, one Message-ID: a send again after a crash is the same message (one outbox file). */
export const giftCardMessageId = (giftCardId: string) => `<gift-card-${giftCardId}@${DOMAIN}>`;

/** The card's printable view and where it is spent, from the code. */
export function printedCard(config: AppDeps['config'], order: Extract<GiftCardState, { order: unknown }>['order']) {
  const origin = siteOrigin(config);
  const code = groupGiftCardCode(order.code);
  const card: PrintedCard = {
    code,
    amountCents: order.amountCents,
    recipientName: order.recipientName,
    purchaserName: order.purchaserName,
    message: order.message,
    scheduleUrl: `${origin}/schedule`,
  };
  return {
    card,
    printUrl: `${origin}/api/gift-cards/${code}/card`,
    pdfUrl: `${origin}/api/gift-cards/${code}/card.pdf`,
  };
}

export type GiftCardSend = 'sent' | 'not-due' | 'done' | 'unsendable';

/**
 * E-mails a paid card to its recipient on its send date (the school's calendar), with the code,
 * the printable card attached as a PDF and a link to print it; then records GiftCardEmailSent,
 * which the card's decider takes once. Called by the reactor when the card is paid and by the
 * timer every day after: whichever comes first sends, the other finds it recorded. A crash between
 * the send and the record sends the same message again (one Message-ID, one outbox file); over
 * SMTP that window is at least once, as for every e-mail of the school.
 */
export async function sendGiftCardEmail(
  deps: AppDeps,
  giftCardId: string,
  metadata: EventMetadata,
  /** `early`: now, before its send date (its purchaser is being erased: afterwards no one could send it). */
  options: { early?: boolean } = {},
): Promise<GiftCardSend> {
  const stream = giftCardStream(giftCardId);
  const state = await deps.commands.state(giftCardDecider, stream);
  if (state.status !== 'active' || state.emailSent) return 'done';
  const now = deps.clock();
  if (state.order.sendOn > schoolDay(now) && !options.early) return 'not-due';
  const { card, printUrl } = printedCard(deps.config, state.order);
  const rendered = await renderEmail('gift-card', {
    recipientName: state.order.recipientName,
    purchaserName: state.order.purchaserName,
    amountCents: state.order.amountCents,
    code: card.code,
    message: state.order.message,
    printUrl,
    scheduleUrl: card.scheduleUrl,
    publicUrl: deps.config.PUBLIC_URL ?? null,
  });
  const message: MailMessage = {
    to: state.order.recipientEmail,
    ...rendered,
    messageId: giftCardMessageId(giftCardId),
    attachments: [await giftCardPdfAttachment(card, giftCardLast4(state.order.code), now)],
    // It names its purchaser and carries their message: their erasure deletes the copy kept of it.
    about: [pseudonymsFor(deps.config).email(state.order.purchaserEmail)],
  };
  try {
    await deps.mailer.send(message);
  } catch (err) {
    if (!(err instanceof UnsendableMessageError)) throw err;
    deps.log.error('gift card e-mail cannot be sent; passed over', { giftCardId, reason: err.message });
    return 'unsendable';
  }
  await deps.commands.handle(
    giftCardDecider,
    stream,
    {
      type: 'RecordGiftCardEmail',
      messageId: message.messageId,
      transport: deps.mailer.transport,
      at: deps.clock().toISOString(),
    },
    metadata,
  );
  deps.log.info('gift card e-mailed', { giftCardId, transport: deps.mailer.transport });
  return 'sent';
}
