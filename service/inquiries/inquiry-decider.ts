import type { ContactMessage, ConsultationRequest, InquiryEvent } from '../../contracts/inquiries/inquiry.js';
import type { Decider } from '../../platform/command/decider.js';
import { INQUIRY_REFUSAL_KINDS, type InquiryRefusal } from '../../contracts/inquiries/refusals.js';
import { refuser } from '../core/errors.js';

const refuse = refuser<InquiryRefusal>(INQUIRY_REFUSAL_KINDS);

export type InquiryCommand =
  | { type: 'ReceiveContactMessage'; inquiryId: string; message: ContactMessage }
  | { type: 'RequestConsultation'; inquiryId: string; request: ConsultationRequest }
  | { type: 'RecordOfficeNotice'; inquiryId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | { type: 'MarkInquiryRead'; inquiryId: string; at: string };

export interface InquiryState {
  received: boolean;
  /** The office was e-mailed it. */
  noticed: boolean;
  read: boolean;
}

/** An inquiry is written once; then the office is told of it once, and reads it once. */
export const inquiryDecider: Decider<InquiryCommand, InquiryEvent, InquiryState> = {
  initialState: { received: false, noticed: false, read: false },
  evolve(state, event) {
    switch (event.type) {
      case 'InquiryOfficeNotified':
        return { ...state, noticed: true };
      case 'InquiryRead':
        return { ...state, read: true };
      default:
        return { ...state, received: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ReceiveContactMessage':
      case 'RequestConsultation':
        if (state.received) throw refuse({ code: 'inquiry_received_already' });
        return command.type === 'ReceiveContactMessage'
          ? [{ type: 'ContactMessageReceived', data: { inquiryId: command.inquiryId, message: command.message } }]
          : [{ type: 'ConsultationRequested', data: { inquiryId: command.inquiryId, request: command.request } }];
      case 'RecordOfficeNotice':
        if (state.noticed) return [];
        return [
          {
            type: 'InquiryOfficeNotified',
            data: {
              inquiryId: command.inquiryId,
              messageId: command.messageId,
              transport: command.transport,
              notifiedAt: command.at,
            },
          },
        ];
      case 'MarkInquiryRead':
        if (!state.received) throw refuse({ code: 'inquiry_not_found' });
        return state.read ? [] : [{ type: 'InquiryRead', data: { inquiryId: command.inquiryId, readAt: command.at } }];
    }
  },
};
