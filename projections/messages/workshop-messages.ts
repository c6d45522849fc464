import { defineProjector } from '../../platform/processor/projector.js';
import type { WorkshopMessageView } from '../../contracts/messages/api.js';
import { WORKSHOP_MESSAGE_EVENT_TYPES, type WorkshopMessageEvent } from '../../contracts/messages/events.js';

export type WorkshopMessageDoc = WorkshopMessageView & {
  [field: string]: unknown;
  /** Recipients marked so far: a mark read again is not counted twice. */
  marked: string[];
};

export const WORKSHOP_MESSAGES = 'workshop-messages';

/**
 * The Messages list of each workshop: one document per message with who wrote it, when, to how
 * many families, and how many e-mails have left (or never can). No recipient's name or address:
 * the counts are what the office needs, and the bookings' histories say who got it.
 */
export const workshopMessagesProjector = defineProjector<WorkshopMessageEvent, WorkshopMessageDoc>({
  name: WORKSHOP_MESSAGES,
  collection: WORKSHOP_MESSAGES,
  indexes: [
    [
      { field: 'workshopId', direction: 'asc' },
      { field: 'writtenAt', direction: 'desc' },
    ],
  ],
  eventTypes: WORKSHOP_MESSAGE_EVENT_TYPES,
  keys: (event) => [event.data.messageId],
  project(doc, event, id) {
    if (event.type === 'WorkshopMessageWritten') {
      if (doc) return undefined;
      const d = event.data;
      return {
        id,
        workshopId: d.workshopId,
        audience: d.audience,
        ...(d.session !== undefined ? { session: d.session } : {}),
        subject: d.subject,
        body: d.body,
        sentBy: event.metadata.administrator?.name ?? 'admin',
        writtenAt: d.writtenAt,
        families: d.recipients.length,
        sent: 0,
        undeliverable: 0,
        marked: [],
      };
    }
    if (!doc || doc.marked.includes(event.data.recipientId)) return undefined;
    const marked = [...doc.marked, event.data.recipientId];
    return event.type === 'WorkshopMessageSent'
      ? { ...doc, marked, sent: doc.sent + 1 }
      : { ...doc, marked, undeliverable: doc.undeliverable + 1 };
  },
});
