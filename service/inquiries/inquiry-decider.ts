import type { ContactMessage, ConsultationRequest, InquiryEvent } from '../../contracts/inquiries/inquiry.js';
import type { Decider } from '../../platform/command/decider.js';
import { INQUIRY_REFUSAL_KINDS, type InquiryRefusal } from '../../contracts/inquiries/refusals.js';
import { refuser } from '../core/errors.js';

const refuse = refuser<InquiryRefusal>(INQUIRY_REFUSAL_KINDS);

export type InquiryCommand =
  | { type: 'ReceiveContactMessage'; inquiryId: string; message: ContactMessage }
  | { type: 'RequestConsultation'; inquiryId: string; request: ConsultationRequest };

export interface InquiryState {
  received: boolean;
}

/** An inquiry is written once; its stream exists only to hold that one fact. */
export const inquiryDecider: Decider<InquiryCommand, InquiryEvent, InquiryState> = {
  initialState: { received: false },
  evolve: () => ({ received: true }),
  decide(command, state) {
    if (state.received) throw refuse({ code: 'inquiry_received_already' });
    return command.type === 'ReceiveContactMessage'
      ? [{ type: 'ContactMessageReceived', data: { inquiryId: command.inquiryId, message: command.message } }]
      : [{ type: 'ConsultationRequested', data: { inquiryId: command.inquiryId, request: command.request } }];
  },
};
