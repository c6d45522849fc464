import { renderToStaticMarkup } from 'react-dom/server';
import {
  appointmentTemplate,
  instructorNoticeTemplate,
  type AppointmentProps,
  type InstructorNoticeProps,
} from './appointment.js';
import { absenceNotedTemplate, type AbsenceNotedProps } from './absence-noted.js';
import { administratorChangeTemplate, type AdministratorChangeProps } from './administrator-change.js';
import { bookingLinkTemplate, type BookingLinkProps } from './booking-link.js';
import { reviewRequestTemplate, type ReviewRequestProps } from './review-request.js';
import { certificateTemplate, type CertificateEmailProps } from './certificate.js';
import { cancellationTemplate, type CancellationProps } from './cancellation.js';
import { confirmationTemplate, type ConfirmationProps } from './confirmation.js';
import { giftCardTemplate, type GiftCardProps } from './gift-card.js';
import { lessonPackTemplate, type LessonPackProps } from './lesson-pack.js';
import { inquiryReceivedTemplate, type InquiryReceivedProps } from './inquiry-received.js';
import { installmentDeclinedTemplate, type InstallmentDeclinedProps } from './installment-declined.js';
import { balanceReminderTemplate, type BalanceReminderProps } from './balance-reminder.js';
import { makeupChangedTemplate, type MakeupChangedProps } from './makeup-changed.js';
import { paymentReceiptTemplate, type PaymentReceiptProps } from './payment-receipt.js';
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
  AppointmentProps,
  InstructorNoticeProps,
  AbsenceNotedProps,
  AdministratorChangeProps,
  BalanceReminderProps,
  BookingLinkProps,
  GiftCardProps,
  LessonPackProps,
  InquiryReceivedProps,
  InstallmentDeclinedProps,
  MakeupChangedProps,
  PaymentReceiptProps,
  ReviewRequestProps,
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
  'lesson-pack': LessonPackProps;
  'balance-reminder': BalanceReminderProps;
  'sign-in': SignInProps;
  'parent-invited': ParentInvitedProps;
  'booking-link': BookingLinkProps;
  'inquiry-received': InquiryReceivedProps;
  'absence-noted': AbsenceNotedProps;
  'makeup-changed': MakeupChangedProps;
  'payment-receipt': PaymentReceiptProps;
  'installment-declined': InstallmentDeclinedProps;
  'review-request': ReviewRequestProps;
  appointment: AppointmentProps;
  'instructor-notice': InstructorNoticeProps;
  certificate: CertificateEmailProps;
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
  'lesson-pack': lessonPackTemplate,
  'balance-reminder': balanceReminderTemplate,
  'sign-in': signInTemplate,
  'parent-invited': parentInvitedTemplate,
  'booking-link': bookingLinkTemplate,
  'inquiry-received': inquiryReceivedTemplate,
  'absence-noted': absenceNotedTemplate,
  'makeup-changed': makeupChangedTemplate,
  'payment-receipt': paymentReceiptTemplate,
  'installment-declined': installmentDeclinedTemplate,
  'review-request': reviewRequestTemplate,
  appointment: appointmentTemplate,
  'instructor-notice': instructorNoticeTemplate,
  certificate: certificateTemplate,
};

export interface RenderedEmail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: a whole document with inline styles, as mail clients need. */
  html: string;
}

/** The doctype @react-email/render writes before the document; its components are written for XHTML 1.0's rules. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The one place every e-mail is written: its subject, its plain text and its HTML (react-email's
 * components), from the same props. The sender adds the recipient, the Message-ID and the attachments.
 *
 * The HTML is React's static markup after react-email's doctype: the document @react-email/render
 * gives without the comments React's streaming render leaves for hydration (`<!--$-->`, `<!-- -->`
 * between adjacent texts), which no mail client reads. Its streaming render, through web streams
 * and a text decoder, cost about three times as much CPU for the same document.
 */
export async function renderEmail<K extends EmailKind>(kind: K, props: EmailKinds[K]): Promise<RenderedEmail> {
  const template = TEMPLATES[kind] as Template<EmailKinds[K]>;
  return {
    subject: template.subject(props),
    text: template.text(props),
    html: DOCTYPE + renderToStaticMarkup(template.html(props)),
  };
}
