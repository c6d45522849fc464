import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on an inquiry's stream refuses a command (worded in service/inquiries/refusal-answers.ts). */
export type InquiryRefusal = { code: 'inquiry_received_already' } | { code: 'inquiry_not_found' };

export const INQUIRY_REFUSAL_KINDS: RefusalKinds<InquiryRefusal> = {
  inquiry_received_already: 'conflict',
  inquiry_not_found: 'not_found',
};
