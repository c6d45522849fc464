import type { z } from 'zod';
import { ContactMessageSchema, ConsultationRequestSchema, inquiryStream } from '../../contracts/inquiries/inquiry.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from '../core/deps.js';
import { inquiryDecider, type InquiryCommand } from './inquiry-decider.js';

/** The two inquiries, each with the contract's schema and the command it becomes, for every way in (JSON or form). */
export const INQUIRY_KINDS = {
  contact: {
    schema: ContactMessageSchema,
    command: (inquiryId: string, message: z.infer<typeof ContactMessageSchema>): InquiryCommand => ({
      type: 'ReceiveContactMessage',
      inquiryId,
      message,
    }),
  },
  consultation: {
    schema: ConsultationRequestSchema,
    command: (inquiryId: string, request: z.infer<typeof ConsultationRequestSchema>): InquiryCommand => ({
      type: 'RequestConsultation',
      inquiryId,
      request,
    }),
  },
} as const;
export type InquiryKind = keyof typeof INQUIRY_KINDS;

/** Records one inquiry through the command handler; the answer means it is on disk. */
export async function receiveInquiry(deps: AppDeps, command: InquiryCommand, metadata: EventMetadata) {
  const { position } = await deps.commands.handle(inquiryDecider, inquiryStream(command.inquiryId), command, metadata);
  deps.log.info('inquiry received', { inquiryId: command.inquiryId, kind: command.type });
  return { success: true as const, id: command.inquiryId, position: position!.toString() };
}
