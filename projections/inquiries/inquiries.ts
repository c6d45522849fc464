import { defineProjector } from '../../platform/processor/projector.js';
import type { Inquiry } from '../../contracts/inquiries/inquiry.js';
import type { InquiryReadEvent, InquiryReceivedEvent } from '../../contracts/inquiries/inquiry.js';

/** The administrator's inbox of contact messages and consultation requests. */
export const inquiriesProjector = defineProjector<InquiryReceivedEvent | InquiryReadEvent, Inquiry>({
  name: 'inquiries',
  collection: 'inquiries',
  // The admin inbox, newest first.
  indexes: [[{ field: 'receivedAt', direction: 'desc' }], [{ field: 'unread', direction: 'asc' }]],
  eventTypes: ['ContactMessageReceived', 'ConsultationRequested', 'InquiryRead'],
  keys: (event) => [event.data.inquiryId],
  project(doc, e) {
    const receivedAt = e.metadata.at;
    if (e.type === 'InquiryRead') return doc ? { ...doc, unread: false } : undefined;
    if (e.type === 'ContactMessageReceived') {
      const m = e.data.message;
      return {
        id: e.data.inquiryId,
        kind: 'contact',
        receivedAt,
        name: m.fullname,
        company: m.company,
        email: m.email,
        phone: m.phone,
        message: m.message,
        unread: true,
      };
    }
    const r = e.data.request;
    return {
      id: e.data.inquiryId,
      kind: 'consultation',
      receivedAt,
      name: r.name,
      company: r.company,
      email: r.email,
      phone: r.phone,
      message: r.discussionTopic,
      preferredDate: r.preferredDate,
      unread: true,
    };
  },
});
