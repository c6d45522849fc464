import { render } from '@react-email/render';
import { administratorChangeTemplate, type AdministratorChangeProps } from './administrator-change.js';
import { bookingLinkTemplate, type BookingLinkProps } from './booking-link.js';
import { cancellationTemplate, type CancellationProps } from './cancellation.js';
import { confirmationTemplate, type ConfirmationProps } from './confirmation.js';
import { giftCardTemplate, type GiftCardProps } from './gift-card.js';
import { balanceReminderTemplate, type BalanceReminderProps } from './balance-reminder.js';
import { refundTemplate, type RefundProps } from './refund.js';
import { reminderTemplate, type ReminderProps } from './reminder.js';
import { rescheduledTemplate, type RescheduledProps } from './rescheduled.js';
import { signInTemplate, type SignInProps } from './sign-in.js';
import { parentInvitedTemplate, type ParentInvitedProps } from './parent-invited.js';
import type { Template } from './template.js';
import { transferTemplate, type TransferProps } from './transfer.js';
import { waitlistConfirmTemplate, type WaitlistConfirmProps } from './waitlist-confirm.js';
import { waitlistOfferTemplate, type WaitlistOfferProps } from './waitlist-offer.js';
import { workshopMessageTemplate, type WorkshopMessageProps } from './workshop-message.js';

export type {
  AdministratorChangeProps,
  BalanceReminderProps,
  BookingLinkProps,
  GiftCardProps,
  ParentInvitedProps,
  SignInProps,
  WorkshopMessageProps,
};
export type {
  CancellationProps,
  ConfirmationProps,
  RefundProps,
  ReminderProps,
  RescheduledProps,
  TransferProps,
  WaitlistConfirmProps,
  WaitlistOfferProps,
};
export type { MailItem } from './format.js';

/** Every message the school sends, by kind, with the props it is written from. */
export interface EmailKinds {
  confirmation: ConfirmationProps;
  reminder: ReminderProps;
  'waitlist-confirm': WaitlistConfirmProps;
  'waitlist-offer': WaitlistOfferProps;
  cancellation: CancellationProps;
  refund: RefundProps;
  transfer: TransferProps;
  'administrator-change': AdministratorChangeProps;
  rescheduled: RescheduledProps;
  'workshop-message': WorkshopMessageProps;
  'gift-card': GiftCardProps;
  'balance-reminder': BalanceReminderProps;
  'sign-in': SignInProps;
  'parent-invited': ParentInvitedProps;
  'booking-link': BookingLinkProps;
}
export type EmailKind = keyof EmailKinds;

const TEMPLATES: { [K in EmailKind]: Template<EmailKinds[K]> } = {
  confirmation: confirmationTemplate,
  reminder: reminderTemplate,
  'waitlist-confirm': waitlistConfirmTemplate,
  'waitlist-offer': waitlistOfferTemplate,
  cancellation: cancellationTemplate,
  refund: refundTemplate,
  transfer: transferTemplate,
  'administrator-change': administratorChangeTemplate,
  rescheduled: rescheduledTemplate,
  'workshop-message': workshopMessageTemplate,
  'gift-card': giftCardTemplate,
  'balance-reminder': balanceReminderTemplate,
  'sign-in': signInTemplate,
  'parent-invited': parentInvitedTemplate,
  'booking-link': bookingLinkTemplate,
};

export interface RenderedEmail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: a whole document with inline styles, as mail clients need. */
  html: string;
}

/**
 * The one place every e-mail is written: its subject, its plain text and its HTML (react-email),
 * from the same props. The sender adds the recipient, the Message-ID and the attachments.
 */
export async function renderEmail<K extends EmailKind>(kind: K, props: EmailKinds[K]): Promise<RenderedEmail> {
  const template = TEMPLATES[kind] as Template<EmailKinds[K]>;
  return {
    subject: template.subject(props),
    text: template.text(props),
    html: await render(template.html(props)),
  };
}
