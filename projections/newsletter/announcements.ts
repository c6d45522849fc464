import { defineProjector } from '../../platform/processor/projector.js';
import { ANNOUNCEMENT_EVENT_TYPES, type AnnouncementEvent } from '../../contracts/newsletter/announcements.js';

export interface AnnouncementDoc {
  [field: string]: unknown;
  id: string;
  subject: string;
  body: string;
  audience: string | null;
  status: 'draft' | 'sending' | 'sent';
  writtenBy: string;
  writtenAt: string;
  sentBy: string | null;
  sendRequestedAt: string | null;
  tests: number;
  sent: number;
  skipped: number;
  completedAt: string | null;
}

export const ANNOUNCEMENTS = 'announcements';

/** The owner's announcements: what was written, who sent it when, and how many it reached so far. */
export const announcementsProjector = defineProjector<AnnouncementEvent, AnnouncementDoc>({
  name: ANNOUNCEMENTS,
  collection: ANNOUNCEMENTS,
  indexes: [[{ field: 'status' }, { field: 'id' }]],
  eventTypes: ANNOUNCEMENT_EVENT_TYPES,
  keys: (event) => [event.data.announcementId],
  project(doc, event, id) {
    const who = event.metadata.administrator?.name ?? 'owner';
    if (event.type === 'AnnouncementWritten') {
      if (doc) return undefined;
      const d = event.data;
      return {
        id,
        subject: d.subject,
        body: d.body,
        audience: d.audience ?? null,
        status: 'draft',
        writtenBy: who,
        writtenAt: d.writtenAt,
        sentBy: null,
        sendRequestedAt: null,
        tests: 0,
        sent: 0,
        skipped: 0,
        completedAt: null,
      };
    }
    if (!doc) return undefined;
    switch (event.type) {
      case 'AnnouncementTestRequested':
        return { ...doc, tests: doc.tests + 1 };
      case 'AnnouncementSendRequested':
        return { ...doc, status: 'sending', sentBy: who, sendRequestedAt: event.data.at };
      case 'AnnouncementDelivered':
        return event.data.outcome === 'sent' ? { ...doc, sent: doc.sent + 1 } : { ...doc, skipped: doc.skipped + 1 };
      case 'AnnouncementSendCompleted':
        return { ...doc, status: 'sent', completedAt: event.data.at };
    }
  },
});
