import type { AnnouncementEvent, AnnouncementWritten } from '../../contracts/newsletter/announcements.js';
import type { Decider } from '../../platform/command/decider.js';

/** An announcement: a draft, being sent (the addresses reached so far), or sent to the whole list. */
export type AnnouncementState =
  | { phase: 'none' }
  | { phase: 'draft'; announcement: AnnouncementWritten; tests: number }
  | {
      phase: 'sending';
      announcement: AnnouncementWritten;
      perMinute: number;
      reached: ReadonlySet<string>;
      sent: number;
    }
  | { phase: 'sent'; announcement: AnnouncementWritten; sent: number };

export type AnnouncementCommand =
  | { type: 'WriteAnnouncement'; announcement: AnnouncementWritten }
  | { type: 'RequestTest'; announcementId: string; testId: string; at: string }
  | { type: 'SendAnnouncement'; announcementId: string; perMinute: number; at: string }
  | { type: 'RecordDelivery'; announcementId: string; subscriberKey: string; outcome: 'sent' | 'skipped'; at: string }
  | { type: 'CompleteSend'; announcementId: string; at: string };

/**
 * One announcement. A second send, or a delivery already recorded for an address, records
 * nothing: each address is reached once, whoever (a restarted pass) records it again. Commands on
 * an announcement never written record nothing (the routes answer 404 first).
 */
export const announcementDecider: Decider<AnnouncementCommand, AnnouncementEvent, AnnouncementState> = {
  initialState: { phase: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'AnnouncementWritten':
        return { phase: 'draft', announcement: event.data, tests: 0 };
      case 'AnnouncementTestRequested':
        return state.phase === 'draft' ? { ...state, tests: state.tests + 1 } : state;
      case 'AnnouncementSendRequested':
        return state.phase === 'draft'
          ? {
              phase: 'sending',
              announcement: state.announcement,
              perMinute: event.data.perMinute,
              reached: new Set(),
              sent: 0,
            }
          : state;
      case 'AnnouncementDelivered':
        return state.phase === 'sending'
          ? {
              ...state,
              reached: new Set([...state.reached, event.data.subscriberKey]),
              sent: state.sent + (event.data.outcome === 'sent' ? 1 : 0),
            }
          : state;
      case 'AnnouncementSendCompleted':
        return state.phase === 'sending'
          ? { phase: 'sent', announcement: state.announcement, sent: state.sent }
          : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'WriteAnnouncement':
        return state.phase === 'none' ? [{ type: 'AnnouncementWritten', data: command.announcement }] : [];
      case 'RequestTest':
        if (state.phase === 'none') return [];
        return [
          {
            type: 'AnnouncementTestRequested',
            data: { announcementId: command.announcementId, testId: command.testId, at: command.at },
          },
        ];
      case 'SendAnnouncement':
        return state.phase !== 'draft'
          ? []
          : [
              {
                type: 'AnnouncementSendRequested',
                data: { announcementId: command.announcementId, perMinute: command.perMinute, at: command.at },
              },
            ];
      case 'RecordDelivery':
        return state.phase !== 'sending' || state.reached.has(command.subscriberKey)
          ? []
          : [
              {
                type: 'AnnouncementDelivered',
                data: {
                  announcementId: command.announcementId,
                  subscriberKey: command.subscriberKey,
                  outcome: command.outcome,
                  at: command.at,
                },
              },
            ];
      case 'CompleteSend':
        return state.phase !== 'sending'
          ? []
          : [
              {
                type: 'AnnouncementSendCompleted',
                data: { announcementId: command.announcementId, sent: state.sent, at: command.at },
              },
            ];
    }
  },
};
