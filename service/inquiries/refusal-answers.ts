import type { InquiryRefusal } from '../../contracts/inquiries/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the inquiries' refusals (contracts/inquiries/refusals.ts): their part of the one table. */
export const INQUIRY_REFUSAL_ANSWERS: RefusalAnswers<InquiryRefusal> = {
  inquiry_received_already: { words: () => 'This message was already received.' },
  inquiry_not_found: { words: () => 'We could not find that message in the inbox.' },
};
