import { SCHOOL } from '../../contracts/core/school.js';
import { inquiryStream, type InquiryReceivedEvent } from '../../contracts/inquiries/inquiry.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { RecordedEventOf } from '../../platform/processor/projector.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { ownerAddress } from '../core/owner-address.js';
import { UnsendableMessageError } from '../mail/port.js';
import { renderEmail, type InquiryReceivedProps } from '../mail/templates/index.js';
import { siteBase } from '../waitlist/offer-email.js';
import { inquiryDecider } from './inquiry-decider.js';

export const INQUIRY_OFFICE_EMAIL_REACTOR = 'inquiry-office-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One inquiry, one Message-ID: a send again after a crash is the same message (one outbox file). */
export const inquiryMessageId = (inquiryId: string) => `<inquiry-${inquiryId}@${DOMAIN}>`;

/**
 * Inquiries older than this when first delivered are not news: the first start of this version
 * reads the whole history and must not e-mail the office every message it ever received.
 */
export const NOTICE_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

function propsOf(event: RecordedEventOf<InquiryReceivedEvent>): Omit<InquiryReceivedProps, 'inboxUrl' | 'publicUrl'> {
  const receivedAt = event.metadata.at;
  if (event.type === 'ContactMessageReceived') {
    const m = event.data.message;
    const { fullname: name, company, email, phone, message } = m;
    return { kind: 'contact', name, company, email, phone, message, preferredDate: null, receivedAt };
  }
  const r = event.data.request;
  return {
    kind: 'consultation',
    name: r.name,
    company: r.company,
    email: r.email,
    phone: r.phone,
    message: r.discussionTopic,
    preferredDate: r.preferredDate,
    receivedAt,
  };
}

/**
 * E-mails the office (OWNER_EMAIL, else MAIL_FROM's address) each new contact message and
 * consultation request, a reply going to its sender; then records InquiryOfficeNotified on the
 * inquiry's stream, so a delivery again (a crash before the checkpoint) finds it and sends nothing;
 * a crash between the send and the record sends the same message (same Message-ID) once more.
 */
export function inquiryOfficeEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<InquiryReceivedEvent>({
    name: INQUIRY_OFFICE_EMAIL_REACTOR,
    eventTypes: ['ContactMessageReceived', 'ConsultationRequested'],
    keyOf: (event) => event.data.inquiryId,
    async handle(event, { metadata }) {
      const { inquiryId } = event.data;
      if (deps.clock().getTime() - Date.parse(event.metadata.at) > NOTICE_WINDOW_MS) return;
      const state = await deps.commands.state(inquiryDecider, inquiryStream(inquiryId));
      if (state.noticed) return;
      const props = propsOf(event);
      const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
      const { subject, text, html } = await renderEmail('inquiry-received', {
        ...props,
        inboxUrl: `${base}/admin?tab=inbox`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const messageId = inquiryMessageId(inquiryId);
      try {
        await deps.mailer.send({
          to: ownerAddress(deps.config),
          subject,
          text,
          html,
          messageId,
          attachments: [],
          replyTo: props.email,
          // The copy kept names the sender: their erasure deletes it.
          about: [pseudonymsFor(deps.config).email(props.email)],
        });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('inquiry e-mail to the office cannot be sent; passed over', { inquiryId, reason: err.message });
        return;
      }
      await deps.commands.handle(
        inquiryDecider,
        inquiryStream(inquiryId),
        {
          type: 'RecordOfficeNotice',
          inquiryId,
          messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('inquiry e-mailed to the office', { inquiryId });
    },
  });
}
